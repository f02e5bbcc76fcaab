import { describe, expect, it } from 'vitest';
import { aggregateOf, mergeAggregates } from '@shared/series/aggregate';
import { aggregateFieldsOf, calculate, CALCULATIONS, evolution, type Bucket, type FieldsRead } from '@shared/series/calculations';

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

describe('fields each calculation reads', () => {
  const full: Bucket[] = [
    { start: -10, aggregate: null, values: [] },
    { start: 0, aggregate: { count: 3, sum: 30, min: 5, max: 15, first: 5, firstAt: 1, last: 15, lastAt: 3 }, values: [5, 10, 15] },
    { start: 10, aggregate: null, values: [] },
    { start: 20, aggregate: { count: 2, sum: 41, min: 20, max: 21, first: 21, firstAt: 21, last: 20, lastAt: 22 }, values: [21, 20] },
    { start: 30, aggregate: { count: 1, sum: -4, min: -4, max: -4, first: -4, firstAt: 31, last: -4, lastAt: 31 }, values: [-4] },
  ];
  /**
   * The buckets as a projected read gives them: unread fields are NaN, the head fields read only
   * on the first bucket holding data and only when nothing precedes the range.
   */
  const projected = ({ every, head }: FieldsRead, lastBefore: number | null): Bucket[] => {
    const headIndex = lastBefore === null ? full.findIndex((bucket) => bucket.aggregate) : -1;
    return full.map((bucket, index) => {
      const fields: readonly string[] = index === headIndex ? [...every, ...head] : every;
      return {
        ...bucket,
        aggregate: bucket.aggregate
          ? (Object.fromEntries(Object.entries(bucket.aggregate).map(([key, value]) => [key, fields.includes(key) ? value : Number.NaN])) as Bucket['aggregate'])
          : null,
      };
    });
  };

  for (const calculation of CALCULATIONS) {
    for (const base of ['diff', 'sum', 'avg'] as const) {
      if (calculation !== 'evo' && base !== 'sum') continue;
      const { every, head } = aggregateFieldsOf(calculation, base);
      const described = `${every.join(', ') || 'which buckets hold data'}${head.length ? ` (and ${head.join(', ')} of the first bucket when nothing precedes)` : ''}`;
      it(`${calculation}${calculation === 'evo' ? ` of ${base}` : ''} needs only ${described}`, () => {
        for (const lastBefore of [2, null]) {
          const input = { lastBefore, evolutionBase: base };
          expect(calculate(calculation, { ...input, buckets: projected(aggregateFieldsOf(calculation, base), lastBefore) })).toEqual(
            calculate(calculation, { ...input, buckets: full }),
          );
        }
      });
    }
  }
});
