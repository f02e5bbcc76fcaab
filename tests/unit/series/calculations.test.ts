import { describe, expect, it } from 'vitest';
import { aggregateOf, mergeAggregates } from '@shared/series/aggregate';
import { calculate, evolution, type Bucket } from '@shared/series/calculations';

const bucket = (start: number, values: number[]): Bucket => ({
  start,
  aggregate: aggregateOf(values.map((value, index) => ({ at: start + index, value }))),
  values,
});

// An index read three times a day over three days, then a day without readings.
const indexDays = [bucket(0, [100, 104, 110]), bucket(100, [112, 115, 121]), bucket(200, [121, 125, 130]), bucket(300, [])];

describe('calculations on buckets', () => {
  it('computes diff as last minus the last value before the bucket', () => {
    expect(calculate('diff', { buckets: indexDays, lastBefore: 95 })).toEqual([15, 11, 9, null]);
  });

  it('uses the first value of the bucket when nothing came before', () => {
    expect(calculate('diff', { buckets: indexDays, lastBefore: null })).toEqual([10, 11, 9, null]);
  });

  it('makes daily diffs add up to the diff of the whole range', () => {
    const daily = calculate('diff', { buckets: indexDays, lastBefore: 95 }) as number[];
    const whole = calculate('diff', { buckets: [{ start: 0, aggregate: mergeAggregates(indexDays.map((b) => b.aggregate)) }], lastBefore: 95 });
    expect(daily.slice(0, 3).reduce((a, b) => a + b, 0)).toBe(whole[0]);
  });

  it('computes sum, min, max, avg, count, first and last', () => {
    const input = { buckets: indexDays, lastBefore: null };
    expect(calculate('sum', input)).toEqual([314, 348, 376, null]);
    expect(calculate('min', input)).toEqual([100, 112, 121, null]);
    expect(calculate('max', input)).toEqual([110, 121, 130, null]);
    expect(calculate('avg', input)).toEqual([314 / 3, 116, 376 / 3, null]);
    expect(calculate('count', input)).toEqual([3, 3, 3, 0]);
    expect(calculate('first', input)).toEqual([100, 112, 121, null]);
    expect(calculate('last', input)).toEqual([110, 121, 130, null]);
  });

  it('computes the median from raw values, odd and even counts', () => {
    expect(calculate('median', { buckets: [bucket(0, [5, 1, 3]), bucket(1, [4, 1, 3, 10])], lastBefore: null })).toEqual([3, 3.5]);
  });

  it('computes evolution as the percent change from the previous bucket', () => {
    expect(evolution([100, 150, 75, null, 10])).toEqual([null, 50, -50, null, null]);
    expect(calculate('evo', { buckets: indexDays, lastBefore: 95, evolutionBase: 'diff' })).toEqual([
      null,
      ((11 - 15) / 15) * 100,
      ((9 - 11) / 11) * 100,
      null,
    ]);
  });

  it('runs cumulative calculations across buckets, carrying over empty ones', () => {
    const input = { buckets: indexDays, lastBefore: 95 };
    expect(calculate('cumulative_diff', input)).toEqual([15, 26, 35, 35]);
    expect(calculate('cumulative_max', input)).toEqual([110, 121, 130, 130]);
    expect(calculate('cumulative_min', input)).toEqual([100, 100, 100, 100]);
  });

  it('merges aggregates keeping the earliest first and the latest last', () => {
    const merged = mergeAggregates([indexDays[1].aggregate, indexDays[0].aggregate, null]);
    expect(merged).toMatchObject({ count: 6, first: 100, last: 121, min: 100, max: 121 });
  });
});

describe('merged aggregates', () => {
  it('carry only aggregate fields, never a part’s own bucket start', () => {
    const part = { ...aggregateOf([{ at: 5, value: 1 }])!, start: 1234 };
    expect(mergeAggregates([part])).not.toHaveProperty('start');
  });
});
