import * as z from 'zod';

export const SAMPLINGS = ['minute', 'hour', 'day', 'week', 'month', 'year'] as const;
export const samplingSchema = z.enum(SAMPLINGS);
export type Sampling = z.infer<typeof samplingSchema>;

export const PERIODS = ['day', 'week', 'month', 'year', 'all'] as const;
export const periodSchema = z.enum(PERIODS);
export type Period = z.infer<typeof periodSchema>;

export const PERIOD_TYPES = ['fixedPeriod', 'slidingPeriod', 'dateToDate'] as const;
export const periodTypeSchema = z.enum(PERIOD_TYPES);
export type PeriodType = z.infer<typeof periodTypeSchema>;

/**
 * Which samplings each period accepts, and what an unfit one becomes (spec 1 §4.5): for all or
 * year, minute and hour become day; for month, minute becomes hour and year becomes month; for
 * week, month and year become week; for day, week, month and year become day.
 */
const CORRECTIONS: Record<Period, Partial<Record<Sampling, Sampling>>> = {
  all: { minute: 'day', hour: 'day' },
  year: { minute: 'day', hour: 'day' },
  month: { minute: 'hour', year: 'month' },
  week: { month: 'week', year: 'week' },
  day: { week: 'day', month: 'day', year: 'day' },
};

export const correctSampling = (period: Period, sampling: Sampling): Sampling => CORRECTIONS[period][sampling] ?? sampling;

/** A sliding period of 'all' becomes a year (spec 1 §4.5). */
export const correctPeriod = (periodType: PeriodType, period: Period): Period =>
  periodType === 'slidingPeriod' && period === 'all' ? 'year' : period;
