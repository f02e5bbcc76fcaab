import type { Calculation } from '../series/calculations';
import type { Sampling } from '../series/sampling';

/**
 * The panel's figures of a point over a period (spec 2 §2: sliding or fixed): the series engine
 * answers the period in buckets of a finer sampling, drawn in the detail panel, and the period's
 * figure is made of them.
 */

export const MAPLYTICS_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type MaplyticsPeriod = (typeof MAPLYTICS_PERIODS)[number];

/**
 * The buckets a period is read in. A calendar period is tiled exactly by hours (day), days (week,
 * month) or months (year); a sliding one starts at the start of its first bucket, so its buckets
 * are kept small beside it (hours up to a week, days above).
 */
export const bucketsOfPeriod = (periodType: 'slidingPeriod' | 'fixedPeriod', period: MaplyticsPeriod): Sampling =>
  periodType === 'fixedPeriod'
    ? ({ day: 'hour', week: 'day', month: 'day', year: 'month' } as const)[period]
    : ({ day: 'hour', week: 'hour', month: 'day', year: 'day' } as const)[period];

/**
 * One figure from a period's buckets: consumptions, sums and counts add up, extremes stay
 * extremes, a running figure is its last, an average is the mean of the buckets that have one (buckets of a sampling hold
 * comparable numbers of values), first and last are the first and last known.
 */
export const totalOfBuckets = (calculation: Calculation, values: readonly (number | null)[]): number | null => {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (known.length === 0) return null;
  switch (calculation) {
    case 'max':
      return Math.max(...known);
    case 'min':
      return Math.min(...known);
    case 'avg':
    case 'median':
      return known.reduce((sum, value) => sum + value, 0) / known.length;
    case 'first':
      return known[0];
    case 'last':
    case 'cumulative_diff':
    case 'cumulative_max':
    case 'cumulative_min':
      return known[known.length - 1];
    default:
      return known.reduce((sum, value) => sum + value, 0);
  }
};

/** The change from the previous period to the current one, in percent; none without both or from zero. */
export const evolutionPercent = (current: number | null, previous: number | null): number | null =>
  current === null || previous === null || previous === 0 ? null : ((current - previous) / Math.abs(previous)) * 100;
