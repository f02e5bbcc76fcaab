import { describe, expect, it } from 'vitest';
import { periodRange, previousPeriodToDate } from '@shared/series/period-range';

const now = Date.parse('2026-11-22T10:30:00Z');
const zone = 'Europe/Paris';
const iso = (range: { from: number; to: number }) => [new Date(range.from).toISOString(), new Date(range.to).toISOString()];

describe('period ranges', () => {
  it('gives the current calendar month in the zone for a fixed month, and the one before with offset 1', () => {
    expect(iso(periodRange({ periodType: 'fixedPeriod', period: 'month', offset: 0 }, now, zone, null))).toEqual([
      '2026-10-31T23:00:00.000Z',
      '2026-11-30T23:00:00.000Z',
    ]);
    expect(iso(periodRange({ periodType: 'fixedPeriod', period: 'month', offset: 1 }, now, zone, null))).toEqual([
      '2026-09-30T22:00:00.000Z',
      '2026-10-31T23:00:00.000Z',
    ]);
  });

  it('starts a fixed week on Monday', () => {
    expect(iso(periodRange({ periodType: 'fixedPeriod', period: 'week', offset: 0 }, now, zone, null))[0]).toBe('2026-11-15T23:00:00.000Z');
  });

  it('gives a day of 23 hours on the spring change', () => {
    const spring = Date.parse('2026-03-29T12:00:00Z');
    const range = periodRange({ periodType: 'fixedPeriod', period: 'day', offset: 0 }, spring, zone, null);
    expect(range.to - range.from).toBe(23 * 3_600_000);
  });

  it('ends a sliding period now', () => {
    const range = periodRange({ periodType: 'slidingPeriod', period: 'day', offset: 0 }, now, zone, null);
    expect(range.to).toBe(now + 1);
    expect(range.from).toBe(now - 24 * 3_600_000);
  });

  it('runs a fixed "all" period from the first data to now', () => {
    const first = Date.parse('2025-01-01T00:00:00Z');
    expect(periodRange({ periodType: 'fixedPeriod', period: 'all', offset: 0 }, now, zone, first)).toEqual({ from: first, to: now + 1 });
  });

  it('uses the given dates for date to date, refusing a reversed range', () => {
    expect(periodRange({ periodType: 'dateToDate', period: 'month', offset: 0, start: '2026-01-01T00:00:00Z', end: '2026-02-01T00:00:00Z' }, now, zone, null)).toEqual({
      from: Date.parse('2026-01-01T00:00:00Z'),
      to: Date.parse('2026-02-01T00:00:00Z'),
    });
    expect(() => periodRange({ periodType: 'dateToDate', period: 'month', offset: 0, start: '2026-02-01T00:00:00Z', end: '2026-01-01T00:00:00Z' }, now, zone, null)).toThrow();
  });

  describe('the previous period compared with one under way', () => {
    const local = (instant: number | null) => (instant === null ? null : new Date(instant).toLocaleString('sv-SE', { timeZone: zone }));
    const toDate = (period: 'day' | 'week' | 'month' | 'year', offset: number, at: string) => {
      const range = previousPeriodToDate(period, offset, Date.parse(at), zone);
      return [local(range.from), local(range.to)];
    };

    it('stops a month to the hour as far into it as now is into this one, in calendar days', () => {
      // 22 November 11:30 in Paris: 21 days and 11 hours into November.
      expect(toDate('month', 0, '2026-11-22T10:30:00Z')).toEqual(['2026-10-01 00:00:00', '2026-10-22 11:00:00']);
      // Across the end of summer time (25 October): still the 27th at 19:00.
      expect(toDate('month', 0, '2026-11-27T18:36:00Z')).toEqual(['2026-10-01 00:00:00', '2026-10-27 19:00:00']);
    });

    it('stops a day to the minute, and at most at the end of a shorter month', () => {
      expect(toDate('day', 0, '2026-11-22T07:36:20Z')).toEqual(['2026-11-21 00:00:00', '2026-11-21 08:36:20']);
      // 31 March: February has no 31st, it is compared whole.
      expect(toDate('month', 0, '2026-03-31T10:00:00Z')).toEqual(['2026-02-01 00:00:00', '2026-03-01 00:00:00']);
    });

    it('compares a period that is over with the whole of the previous one', () => {
      expect(toDate('month', 1, '2026-11-22T10:30:00Z')).toEqual(['2026-09-01 00:00:00', null]);
      expect(toDate('week', 1, '2026-11-22T10:30:00Z')).toEqual(['2026-11-02 00:00:00', null]);
    });

    it('gives an empty range in a period\'s first hour, rather than a part of an hour', () => {
      expect(toDate('year', 0, '2026-12-31T23:20:00Z')).toEqual(['2026-01-01 00:00:00', '2026-01-01 00:00:00']);
    });
  });
});
