import { describe, expect, it } from 'vitest';
import { periodRange } from '@shared/series/period-range';

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
});
