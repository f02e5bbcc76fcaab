import { describe, expect, it } from 'vitest';
import { advancesPointItem, laterDate } from '../../functions/src/services/last-data-dates';

/** The rules of fetched points' last data dates (issue 41, docs/architecture/series.md "Last data dates of fetched points"). */
describe('a last data date as readers answer it', () => {
  it("is the later of the point's own date and its fetches' recorded one", () => {
    expect(laterDate('2026-06-10T10:10:00.000Z', Date.parse('2026-06-10T10:20:00Z'))).toBe('2026-06-10T10:20:00.000Z');
    // An import or a typed value later than the fetches' date: the point's own.
    expect(laterDate('2026-06-10T10:30:00.000Z', Date.parse('2026-06-10T10:20:00Z'))).toBe('2026-06-10T10:30:00.000Z');
    expect(laterDate(null, Date.parse('2026-06-10T10:20:00Z'))).toBe('2026-06-10T10:20:00.000Z');
    expect(laterDate('2026-06-10T10:10:00.000Z', undefined)).toBe('2026-06-10T10:10:00.000Z');
    expect(laterDate(null, undefined)).toBeNull();
  });
});

describe("a fetch advancing a point's own item", () => {
  it('does so for its first values, then once a UTC day: when its latest value lies in a later day than the date known', () => {
    expect(advancesPointItem(null, Date.parse('2026-06-10T10:10:00Z'))).toBe(true);
    expect(advancesPointItem('2026-06-10T10:00:00.000Z', Date.parse('2026-06-10T10:10:00Z'))).toBe(false);
    expect(advancesPointItem('2026-06-10T10:50:00.000Z', Date.parse('2026-06-10T11:00:00Z'))).toBe(false);
    expect(advancesPointItem('2026-06-10T00:00:00.000Z', Date.parse('2026-06-10T23:59:59Z'))).toBe(false);
    expect(advancesPointItem('2026-06-10T23:50:00.000Z', Date.parse('2026-06-11T00:00:00Z'))).toBe(true);
    expect(advancesPointItem('2026-06-10T10:50:00.000Z', Date.parse('2026-06-13T09:00:00Z'))).toBe(true);
  });
});
