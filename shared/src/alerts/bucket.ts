import type { Sampling } from '../series/sampling';
import { zoneClock } from '../series/zone-clock';

/**
 * The bucket an alert evaluates at a due time: the last complete bucket of its sampling in the
 * point's local calendar — the one that ends at or before the due time (a due time on a bucket
 * boundary evaluates the bucket that just ended; 08:00 with hourly sampling reads 07:00–08:00
 * local). `previous` is the bucket before it, which `evo` compares with.
 */
export const lastCompleteBucket = (dueTime: number, sampling: Sampling, zone: string): { previous: number; from: number; to: number } => {
  const clock = zoneClock(zone);
  const to = clock.startOf(dueTime, sampling);
  const from = clock.startOf(to - 1, sampling);
  const previous = clock.startOf(from - 1, sampling);
  return { previous, from, to };
};
