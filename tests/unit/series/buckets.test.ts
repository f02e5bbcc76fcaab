import { describe, expect, it } from 'vitest';
import { bucketStart, bucketStarts, localIso, nextBucketStart } from '@shared/series/buckets';

const ms = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe('bucket boundaries in Europe/Paris', () => {
  const zone = 'Europe/Paris';

  it('makes the spring-forward day 23 hours long', () => {
    const start = bucketStart(ms('2026-03-29T12:00:00Z'), 'day', zone);
    expect(new Date(start).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(nextBucketStart(start, 'day', zone) - start).toBe(23 * HOUR);
  });

  it('makes the fall-back day 25 hours long', () => {
    const start = bucketStart(ms('2026-10-25T12:00:00Z'), 'day', zone);
    expect(new Date(start).toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(nextBucketStart(start, 'day', zone) - start).toBe(25 * HOUR);
  });

  it('has 23 hour buckets on the spring day and 25 on the autumn day', () => {
    const spring = bucketStart(ms('2026-03-29T12:00:00Z'), 'day', zone);
    expect(bucketStarts(spring, nextBucketStart(spring, 'day', zone), 'hour', zone)).toHaveLength(23);
    const autumn = bucketStart(ms('2026-10-25T12:00:00Z'), 'day', zone);
    expect(bucketStarts(autumn, nextBucketStart(autumn, 'day', zone), 'hour', zone)).toHaveLength(25);
  });

  it('keeps the two 02:00 hours of the autumn night apart by their offsets', () => {
    const first = localIso(bucketStart(ms('2026-10-25T00:30:00Z'), 'hour', zone), zone);
    const second = localIso(bucketStart(ms('2026-10-25T01:30:00Z'), 'hour', zone), zone);
    expect(first).toBe('2026-10-25T02:00:00+02:00');
    expect(second).toBe('2026-10-25T02:00:00+01:00');
  });

  it('starts weeks on Monday and months on the 1st, local time', () => {
    expect(localIso(bucketStart(ms('2026-11-22T10:00:00Z'), 'week', zone), zone)).toBe('2026-11-16T00:00:00+01:00');
    expect(localIso(bucketStart(ms('2026-04-15T10:00:00Z'), 'month', zone), zone)).toBe('2026-04-01T00:00:00+02:00');
    expect(localIso(bucketStart(ms('2026-03-31T22:30:00Z'), 'month', zone), zone)).toBe('2026-04-01T00:00:00+02:00');
    expect(localIso(bucketStart(ms('2026-03-31T22:30:00Z'), 'day', zone), zone)).toBe('2026-04-01T00:00:00+02:00');
  });

  it('counts 12 months and 365 days in 2026', () => {
    const from = ms('2025-12-31T23:00:00Z');
    const to = ms('2026-12-31T23:00:00Z');
    expect(bucketStarts(from, to, 'month', zone)).toHaveLength(12);
    expect(bucketStarts(from, to, 'day', zone)).toHaveLength(365);
  });
});

describe('bucket boundaries in other zones', () => {
  it('cuts days at local midnight in Asia/Kolkata (+05:30)', () => {
    const start = bucketStart(ms('2026-06-10T20:00:00Z'), 'day', 'Asia/Kolkata');
    expect(new Date(start).toISOString()).toBe('2026-06-10T18:30:00.000Z');
    expect(localIso(start, 'Asia/Kolkata')).toBe('2026-06-11T00:00:00+05:30');
    expect(nextBucketStart(start, 'day', 'Asia/Kolkata') - start).toBe(24 * HOUR);
  });

  it('cuts days at local midnight in America/Sao_Paulo (−03:00)', () => {
    const start = bucketStart(ms('2026-06-10T02:00:00Z'), 'day', 'America/Sao_Paulo');
    expect(new Date(start).toISOString()).toBe('2026-06-09T03:00:00.000Z');
    expect(localIso(start, 'America/Sao_Paulo')).toBe('2026-06-09T00:00:00-03:00');
  });

  it('refuses an unknown zone', () => {
    expect(() => bucketStart(0, 'day', 'Mars/Olympus')).toThrow(/time zone/);
  });
});
