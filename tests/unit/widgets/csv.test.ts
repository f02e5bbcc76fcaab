import { describe, expect, it } from 'vitest';
import type { SeriesAnswer } from '@shared/schemas/series';
import { csvDate, csvDocument, csvNumber, frameCsv, rawCsv } from '@shared/widgets/csv';

const frame = (sampling: string, dates: string[], series: { name: string; unit: string; values: (number | null)[] }[]): SeriesAnswer => ({
  sampling,
  period: 'month',
  calendars: [{ timezone: 'Europe/Paris', from: dates[0], to: dates.at(-1) ?? dates[0], dates }],
  series: series.map((entry, index) => ({ point: `pt-${index}`, calculation: 'sum', timezone: 'Europe/Paris', calendar: 0, ...entry })),
});

const lines = (text: string) => text.slice(1).split('\r\n').filter(Boolean);

describe('widget CSV exports', () => {
  it('starts with a byte order mark and separates cells with semicolons, lines with CRLF', () => {
    const text = csvDocument([['Date', 'Électricité (kWh)'], ['01/11/2026', '12,5']]);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1)).toBe('Date;Électricité (kWh)\r\n01/11/2026;12,5\r\n');
  });

  it('quotes cells holding a semicolon, a quote or a line break', () => {
    expect(csvDocument([['a;b', 'say "hi"', 'two\nlines']]).slice(1)).toBe('"a;b";"say ""hi""";"two\nlines"\r\n');
  });

  it('writes a decimal comma in French and a point in English, without grouping, empty for no value', () => {
    expect(csvNumber(1234.5, 'fr')).toBe('1234,5');
    expect(csvNumber(1234.5, 'en')).toBe('1234.5');
    expect(csvNumber(-0.25, 'fr')).toBe('-0,25');
    expect(csvNumber(null, 'fr')).toBe('');
  });

  it('writes dates as dd/MM/yyyy in the bucket wall time, with HH:mm below a day', () => {
    expect(csvDate('2026-11-01T00:00:00+01:00', false)).toBe('01/11/2026');
    expect(csvDate('2026-03-29T03:00:00+02:00', true)).toBe('29/03/2026 03:00');
  });

  it('exports a frame as one line per bucket and one rounded column per point', () => {
    const text = frameCsv(
      frame('day', ['2026-11-01T00:00:00+01:00', '2026-11-02T00:00:00+01:00'], [
        { name: 'Compteur', unit: 'kWh', values: [10.26, null] },
        { name: 'Eau', unit: 'm³', values: [1.23456, 2] },
        { name: 'Vent', unit: 'mps', values: [3.04, null] },
      ]),
      'fr',
      'Date',
    );
    expect(lines(text)).toEqual(['Date;Compteur (kWh);Eau (m³);Vent (m/s)', '01/11/2026;10,3;1,235;3', '02/11/2026;;2;']);
  });

  it('shows hours in an hourly export', () => {
    const text = frameCsv(frame('hour', ['2026-11-01T13:00:00+01:00'], [{ name: 'P', unit: 'W', values: [99.6] }]), 'en', 'Date');
    expect(lines(text)[1]).toBe('01/11/2026 13:00;100');
  });

  it('exports raw values with their status beside each point', () => {
    const text = rawCsv(
      [
        { name: 'A', unit: 'kWh', rows: [{ date: '2026-11-01T00:10:00+01:00', value: 1.04, status: '1' }] },
        { name: 'B', unit: '', rows: [{ date: '2026-11-01T00:00:00+01:00', value: 3, status: 'X' }] },
      ],
      'fr',
      { date: 'Date', status: 'Statut' },
      (code) => `s${code}`,
    );
    expect(lines(text)).toEqual(['Date;A (kWh);A - Statut;B;B - Statut', '01/11/2026 00:00;;;3;sX', '01/11/2026 00:10;1;s1;;']);
  });
});
