import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateText, dateTimeText } from '../../shared/src/date-text';
import { formatDateTimeText, maskDateTimeText, parseDateTimeText } from '../../web/src/lib/date-time-text';

// Read in local time: the tests fix the zone to Paris, the customers' default, summer and winter alike.
let zoneBefore: string | undefined;
beforeAll(() => {
  zoneBefore = process.env.TZ;
  process.env.TZ = 'Europe/Paris';
});
afterAll(() => {
  process.env.TZ = zoneBefore;
});

describe('a date typed as dd/MM/yyyy HH:mm', () => {
  it('is laid out with its separators as the digits come', () => {
    expect(maskDateTimeText('2')).toBe('2');
    expect(maskDateTimeText('23')).toBe('23');
    expect(maskDateTimeText('231')).toBe('23/1');
    expect(maskDateTimeText('23112026')).toBe('23/11/2026');
    expect(maskDateTimeText('231120261')).toBe('23/11/2026 1');
    expect(maskDateTimeText('231120261405')).toBe('23/11/2026 14:05');
  });

  it('keeps only digits, twelve at most, whatever was pasted', () => {
    expect(maskDateTimeText('23-11-2026 14h05')).toBe('23/11/2026 14:05');
    expect(maskDateTimeText('23/11/2026 14:05:59')).toBe('23/11/2026 14:05');
    expect(maskDateTimeText('abc')).toBe('');
  });

  it('is read in local time on a 24-hour clock, in winter and in summer', () => {
    expect(parseDateTimeText('23/11/2026 14:05')).toBe('2026-11-23T13:05:00.000Z');
    expect(parseDateTimeText('01/07/2026 00:00')).toBe('2026-06-30T22:00:00.000Z');
  });

  it('is refused when incomplete or when no such moment exists', () => {
    expect(parseDateTimeText('23/11/2026')).toBeNull();
    expect(parseDateTimeText('23/11/2026 2:05')).toBeNull();
    expect(parseDateTimeText('31/02/2026 10:00')).toBeNull();
    expect(parseDateTimeText('23/13/2026 10:00')).toBeNull();
    expect(parseDateTimeText('23/11/2026 24:00')).toBeNull();
    expect(parseDateTimeText('29/03/2026 02:30')).toBeNull();
  });

  it('is shown back as it was typed', () => {
    expect(formatDateTimeText(parseDateTimeText('05/01/2027 09:30'))).toBe('05/01/2027 09:30');
    expect(formatDateTimeText('2026-11-23T13:05:00.000Z')).toBe('23/11/2026 14:05');
  });

  it('shows nothing for no date or an unreadable one', () => {
    expect(formatDateTimeText(null)).toBe('');
    expect(formatDateTimeText('not a date')).toBe('');
  });
});

describe('dates as the product shows them (spec 1 §9)', () => {
  it('writes the day first and a 24-hour clock, whatever the language', () => {
    expect(dateTimeText('2026-12-01T19:05:00.000Z', 'Europe/Paris')).toBe('01/12/2026 20:05');
    expect(dateText('2026-12-01T19:05:00.000Z', 'Europe/Paris')).toBe('01/12/2026');
  });

  it('reads a moment in the zone asked, in the zone its text carries, or in the runtime zone', () => {
    const moment = '2026-07-14T22:30:00.000Z';
    expect(dateTimeText(moment, 'America/New_York')).toBe('14/07/2026 18:30');
    expect(dateTimeText('2026-07-14T08:00:00.000-04:00', 'carried')).toBe('14/07/2026 08:00');
    // A local wall time without offset (a reminder's due time) stays the wall time it says.
    expect(dateTimeText('2026-12-01T08:00', 'carried')).toBe('01/12/2026 08:00');
    expect(dateTimeText(moment)).toBe('15/07/2026 00:30');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(dateTimeText('not a date')).toBe('');
    expect(dateText('2026-02-31', 'Europe/Paris')).toBe('');
  });
});
