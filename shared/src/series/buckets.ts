import type { Sampling } from './sampling';
import { zoneClock } from './zone-clock';

/** The rollup levels kept in storage; minute buckets come from raw values, week from days, year from months. */
export const ROLLUP_LEVELS = ['hour', 'day', 'month'] as const;
export type RollupLevel = (typeof ROLLUP_LEVELS)[number];

/**
 * The start (epoch ms) of the bucket holding an instant, in the local calendar of a zone. Weeks
 * start on Monday. Days are 23 or 25 hours long across DST changes, as the calendar says.
 */
export const bucketStart = (instant: number, sampling: Sampling, zone: string): number =>
  zoneClock(zone).startOf(instant, sampling);

/** The start of the bucket after the one starting at `start`. */
export const nextBucketStart = (start: number, sampling: Sampling, zone: string): number =>
  zoneClock(zone).nextStart(start, sampling);

/** Every bucket start from the bucket holding `from` up to (excluding) `to`. */
export const bucketStarts = (from: number, to: number, sampling: Sampling, zone: string): number[] => {
  const clock = zoneClock(zone);
  const starts: number[] = [];
  for (let start = clock.startOf(from, sampling); start < to; start = clock.nextStart(start, sampling)) starts.push(start);
  return starts;
};

/** Local label of a bucket (ISO date-time with offset), as the API answers it. */
export const localIso = (instant: number, zone: string): string => zoneClock(zone).iso(instant);
