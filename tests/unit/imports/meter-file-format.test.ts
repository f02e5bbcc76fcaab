import { describe, expect, it } from 'vitest';
import { detectSeparator, isHeader, parseMeterDate, parseMeterRow, parseMeterValue } from '@shared/imports/meter-file-format';

const PARIS = 'Europe/Paris';

describe('the meter file format', () => {
  it('detects semicolons or commas from the first line, semicolons winning with decimal commas', () => {
    expect(detectSeparator('ELEC-1;23/11/2026 10:00;125,4')).toBe(';');
    expect(detectSeparator('ELEC-1,2026-11-23T10:00:00Z,125.4')).toBe(',');
    expect(detectSeparator('technical_id;date;value;status')).toBe(';');
  });

  it('reads dd/MM/yyyy HH:mm[:ss] in the customer\'s zone and ISO 8601 with an offset', () => {
    expect(parseMeterDate('23/11/2026 10:00', PARIS)).toEqual({ at: Date.parse('2026-11-23T09:00:00Z') });
    expect(parseMeterDate('01/07/2026 10:00:30', PARIS)).toEqual({ at: Date.parse('2026-07-01T08:00:30Z') });
    expect(parseMeterDate('2026-11-23T10:00:00+01:00', PARIS)).toEqual({ at: Date.parse('2026-11-23T09:00:00Z') });
    expect(parseMeterDate('23/11/2026 10:00', 'America/New_York')).toEqual({ at: Date.parse('2026-11-23T15:00:00Z') });
    expect(parseMeterDate('11/23/2026 10:00', PARIS)).toEqual({ problem: 'date' });
    expect(parseMeterDate('2026-11-23 10:00', PARIS)).toEqual({ problem: 'date' });
  });

  it('reads the twice-happening autumn 02:30 as the first one (summer time) and refuses the spring gap', () => {
    expect(parseMeterDate('25/10/2026 02:30', PARIS)).toEqual({ at: Date.parse('2026-10-25T00:30:00Z') });
    expect(parseMeterDate('29/03/2026 02:30', PARIS)).toEqual({ problem: 'date_in_gap' });
    // The second 02:30 is written with its offset.
    expect(parseMeterDate('2026-10-25T02:30:00+01:00', PARIS)).toEqual({ at: Date.parse('2026-10-25T01:30:00Z') });
  });

  it('gives a local date read again the same answer, in each zone its own, however the texts alternate', () => {
    // Resolved dates are kept per text in the zone of the last call: each answer must stay the zone's own.
    const texts = ['23/11/2026 10:00', '25/10/2026 02:30', '29/03/2026 02:30', '31/02/2026 10:00', ' 23/11/2026 10:00 '];
    const expected: Record<string, ReturnType<typeof parseMeterDate>[]> = {
      [PARIS]: [{ at: Date.parse('2026-11-23T09:00:00Z') }, { at: Date.parse('2026-10-25T00:30:00Z') }, { problem: 'date_in_gap' }, { problem: 'date' }, { at: Date.parse('2026-11-23T09:00:00Z') }],
      'America/New_York': [{ at: Date.parse('2026-11-23T15:00:00Z') }, { at: Date.parse('2026-10-25T06:30:00Z') }, { at: Date.parse('2026-03-29T06:30:00Z') }, { problem: 'date' }, { at: Date.parse('2026-11-23T15:00:00Z') }],
    };
    for (let round = 0; round < 3; round += 1) {
      for (const zone of [PARIS, 'America/New_York', PARIS]) {
        expect(texts.map((text) => parseMeterDate(text, zone))).toEqual(expected[zone]);
        expect(texts.map((text) => parseMeterRow(['ELEC-1', text, '1'], zone))).toEqual(
          expected[zone].map((when) => ('at' in when ? { ok: true, row: { technicalId: 'ELEC-1', at: when.at, value: 1, status: '1' } } : { ok: false, problem: when.problem })),
        );
      }
    }
    // An answer handed out is the caller's own: changing it changes no later answer.
    const first = parseMeterDate('23/11/2026 10:00', PARIS) as { at: number };
    first.at = 0;
    expect(parseMeterDate('23/11/2026 10:00', PARIS)).toEqual({ at: Date.parse('2026-11-23T09:00:00Z') });
  });

  it('reads decimal points and decimal commas, refusing thousands separators and words', () => {
    expect(parseMeterValue('125,4')).toBe(125.4);
    expect(parseMeterValue(' -0.5 ')).toBe(-0.5);
    expect(parseMeterValue('1e3')).toBe(1000);
    expect(parseMeterValue('1 250,5')).toBeNull();
    expect(parseMeterValue('1.250,5')).toBeNull();
    expect(parseMeterValue('abc')).toBeNull();
    expect(parseMeterValue('')).toBeNull();
  });

  it('takes a first line whose value is not a number for a header', () => {
    expect(isHeader(['technical_id', 'date', 'value'])).toBe(true);
    expect(isHeader(['ELEC-1', '23/11/2026 10:00', '125,4'])).toBe(false);
  });

  it('says why a row is refused, the first problem found', () => {
    expect(parseMeterRow(['ELEC-1', '23/11/2026 10:00', '125,4'], PARIS)).toEqual({
      ok: true,
      row: { technicalId: 'ELEC-1', at: Date.parse('2026-11-23T09:00:00Z'), value: 125.4, status: '1' },
    });
    expect(parseMeterRow(['ELEC-1', '23/11/2026 10:00', '125,4', 'h'], PARIS)).toMatchObject({ ok: true, row: { status: 'H' } });
    expect(parseMeterRow(['ELEC-1', '23/11/2026 10:00'], PARIS)).toEqual({ ok: false, problem: 'columns' });
    expect(parseMeterRow([' ', '23/11/2026 10:00', '1'], PARIS)).toEqual({ ok: false, problem: 'technical_id' });
    expect(parseMeterRow(['ELEC-1', 'hier', '1'], PARIS)).toEqual({ ok: false, problem: 'date' });
    expect(parseMeterRow(['ELEC-1', '23/11/2026 10:00', 'n/a'], PARIS)).toEqual({ ok: false, problem: 'value' });
    expect(parseMeterRow(['ELEC-1', '23/11/2026 10:00', '1', '9'], PARIS)).toEqual({ ok: false, problem: 'status' });
  });
});
