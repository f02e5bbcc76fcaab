import { DateTime } from 'luxon';
import { bucketStart, nextBucketStart } from '../series/buckets';
import type { Sampling } from '../series/sampling';

/**
 * The instant an export is read at, in a point's zone: now, or — with a custom end date — that
 * day (its first instant), so a monthly cell of an export ending on 31/10 reads October.
 */
export const exportAnchor = (endDate: string | null, now: number, zone: string): number =>
  endDate ? DateTime.fromISO(endDate, { zone }).startOf('day').toMillis() : now;

/**
 * The bucket a point_data cell reads (spec 2 §3 "Export"): the bucket of its sampling holding the
 * anchor, in the point's local calendar (weeks from Monday), moved back `offset` buckets — the
 * same calendar as every widget's, from the series engine's zone clock.
 */
export const pointDataBucket = (anchor: number, sampling: Sampling, offset: number, zone: string): { start: number; end: number } => {
  let start = bucketStart(anchor, sampling, zone);
  for (let step = 0; step < offset; step += 1) start = bucketStart(start - 1, sampling, zone);
  return { start, end: nextBucketStart(start, sampling, zone) };
};
