import * as z from 'zod';
import type { Aggregate } from './aggregate';

export const CALCULATIONS = [
  'diff',
  'sum',
  'max',
  'min',
  'avg',
  'median',
  'count',
  'evo',
  'last',
  'first',
  'cumulative_diff',
  'cumulative_max',
  'cumulative_min',
] as const;
export const calculationSchema = z.enum(CALCULATIONS);
export type Calculation = z.infer<typeof calculationSchema>;

export const SERIES_TYPES = ['index', 'counter', 'measure', 'io'] as const;
export type SeriesType = (typeof SERIES_TYPES)[number];

/** Default calculation of a series type when a point is added to a chart (spec 1 §4.5). */
export const DEFAULT_CALCULATION: Record<SeriesType, Exclude<Calculation, 'evo'>> = {
  index: 'diff',
  counter: 'sum',
  measure: 'avg',
  io: 'sum',
};

/**
 * The aggregate fields each calculation reads: all a query needs to fetch from storage. The
 * median reads raw values; it only needs to know which buckets hold any.
 */
const FIELDS_READ: Record<Exclude<Calculation, 'evo'>, readonly (keyof Aggregate)[]> = {
  diff: ['last'],
  cumulative_diff: ['last'],
  sum: ['sum'],
  avg: ['sum', 'count'],
  count: ['count'],
  max: ['max'],
  cumulative_max: ['max'],
  min: ['min'],
  cumulative_min: ['min'],
  first: ['first'],
  last: ['last'],
  median: [],
};

/** What `diff` reads of the first bucket holding data when no value precedes the range: its first value. */
const HEAD_FIELDS_READ: Partial<Record<Exclude<Calculation, 'evo'>, readonly (keyof Aggregate)[]>> = {
  diff: ['first'],
  cumulative_diff: ['first'],
};

export interface FieldsRead {
  /** Read for every bucket. */
  every: readonly (keyof Aggregate)[];
  /** Read only for the first bucket holding data, and only when no value precedes the range. */
  head: readonly (keyof Aggregate)[];
}

export const aggregateFieldsOf = (calculation: Calculation, evolutionBase: Exclude<Calculation, 'evo'> = 'sum'): FieldsRead => {
  const read = calculation === 'evo' ? evolutionBase : calculation;
  return { every: FIELDS_READ[read], head: HEAD_FIELDS_READ[read] ?? [] };
};

export interface Bucket {
  start: number;
  aggregate: Aggregate | null;
  /** Raw values of the bucket, needed only for the median. */
  values?: readonly number[];
}

type Series = (number | null)[];

const median = (values: readonly number[] | undefined): number | null => {
  if (!values || values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Consumption of an index: the bucket's last value minus the last value before the bucket, so
 * that daily diffs add up to the month's diff. With nothing before, the first value of the bucket
 * stands in for it.
 */
const diffs = (buckets: readonly Bucket[], lastBefore: number | null): Series => {
  let previous = lastBefore;
  return buckets.map(({ aggregate }) => {
    if (!aggregate) return null;
    const value = aggregate.last - (previous ?? aggregate.first);
    previous = aggregate.last;
    return value;
  });
};

const simple = (buckets: readonly Bucket[], pick: (aggregate: Aggregate, bucket: Bucket) => number | null): Series =>
  buckets.map((bucket) => (bucket.aggregate ? pick(bucket.aggregate, bucket) : null));

const running = (series: Series, combine: (a: number, b: number) => number): Series => {
  let total: number | null = null;
  return series.map((value) => {
    if (value === null) return total;
    total = total === null ? value : combine(total, value);
    return total;
  });
};

/** Percent change from the previous bucket; null where either side is missing or zero. */
export const evolution = (base: Series): Series =>
  base.map((value, index) => {
    const previous = index > 0 ? base[index - 1] : null;
    if (value === null || previous === null || previous === 0) return null;
    return ((value - previous) / Math.abs(previous)) * 100;
  });

export interface CalculationInput {
  buckets: readonly Bucket[];
  /** Last raw value before the first bucket (for diff). */
  lastBefore: number | null;
  /** For evo: the calculation whose change is measured (the series type's default). */
  evolutionBase?: Exclude<Calculation, 'evo'>;
}

export const calculate = (calculation: Calculation, input: CalculationInput): Series => {
  const { buckets, lastBefore } = input;
  switch (calculation) {
    case 'diff':
      return diffs(buckets, lastBefore);
    case 'sum':
      return simple(buckets, (a) => a.sum);
    case 'max':
      return simple(buckets, (a) => a.max);
    case 'min':
      return simple(buckets, (a) => a.min);
    case 'avg':
      return simple(buckets, (a) => a.sum / a.count);
    case 'median':
      return simple(buckets, (_a, bucket) => median(bucket.values));
    case 'count':
      return buckets.map(({ aggregate }) => aggregate?.count ?? 0);
    case 'last':
      return simple(buckets, (a) => a.last);
    case 'first':
      return simple(buckets, (a) => a.first);
    case 'evo':
      return evolution(calculate(input.evolutionBase ?? 'sum', input));
    case 'cumulative_diff':
      return running(diffs(buckets, lastBefore), (a, b) => a + b);
    case 'cumulative_max':
      return running(simple(buckets, (a) => a.max), Math.max);
    case 'cumulative_min':
      return running(simple(buckets, (a) => a.min), Math.min);
  }
};
