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
