import { DateTime } from 'luxon';
import type { Sampling } from './sampling';

/** The rollup levels kept in storage; minute buckets come from raw values, week from days, year from months. */
export const ROLLUP_LEVELS = ['hour', 'day', 'month'] as const;
export type RollupLevel = (typeof ROLLUP_LEVELS)[number];

const UNIT: Record<Sampling, 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year'> = {
  minute: 'minute',
  hour: 'hour',
  day: 'day',
  week: 'week',
  month: 'month',
  year: 'year',
};

const inZone = (instant: number, zone: string): DateTime => {
  const value = DateTime.fromMillis(instant, { zone });
  if (!value.isValid) throw new Error(`Unknown time zone ${zone}`);
  return value;
};

/**
 * The start (epoch ms) of the bucket holding an instant, in the local calendar of a zone. Weeks
 * start on Monday. Days are 23 or 25 hours long across DST changes, as the calendar says.
 */
export const bucketStart = (instant: number, sampling: Sampling, zone: string): number =>
  inZone(instant, zone).startOf(UNIT[sampling], { useLocaleWeeks: false }).toMillis();

/** The start of the bucket after the one starting at `start`. */
export const nextBucketStart = (start: number, sampling: Sampling, zone: string): number =>
  inZone(start, zone).plus({ [`${UNIT[sampling]}s`]: 1 }).startOf(UNIT[sampling]).toMillis();

/** Every bucket start from the bucket holding `from` up to (excluding) `to`. */
export const bucketStarts = (from: number, to: number, sampling: Sampling, zone: string): number[] => {
  const starts: number[] = [];
  for (let start = bucketStart(from, sampling, zone); start < to; start = nextBucketStart(start, sampling, zone)) {
    starts.push(start);
  }
  return starts;
};

/** Local label of a bucket (ISO date-time with offset), as the API answers it. */
export const localIso = (instant: number, zone: string): string => inZone(instant, zone).toISO({ suppressMilliseconds: true })!;

/** Local calendar key of a bucket, used in storage sort keys: 2026-03-29, 2026-03, 2026-03-29T02. */
export const bucketKey = (instant: number, level: RollupLevel, zone: string): string => {
  const local = inZone(instant, zone);
  if (level === 'month') return local.toFormat('yyyy-MM');
  if (level === 'day') return local.toFormat('yyyy-MM-dd');
  // Two local hours share a label on the night clocks go back; the offset keeps them apart.
  return `${local.toFormat("yyyy-MM-dd'T'HH")}${local.toFormat('ZZ')}`;
};
