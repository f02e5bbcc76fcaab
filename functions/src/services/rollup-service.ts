import { aggregateOf, mergeAggregates } from '@shared/series/aggregate';
import { bucketStart, nextBucketStart, type RollupLevel } from '@shared/series/buckets';
import { listRawValues, listRollups, writeRollups, type StoredRollup } from '../data/series-repository';

export interface TouchedInstant {
  pointId: string;
  at: number;
  zone: string;
}

const groupKey = (pointId: string, zone: string, start: number) => `${pointId}|${zone}|${start}`;

const distinctBuckets = (touched: readonly TouchedInstant[], level: RollupLevel) => {
  const buckets = new Map<string, { pointId: string; zone: string; start: number }>();
  for (const { pointId, zone, at } of touched) {
    const start = bucketStart(at, level, zone);
    buckets.set(groupKey(pointId, zone, start), { pointId, zone, start });
  }
  return [...buckets.values()];
};

/** Where each level's buckets are computed from: hours from raw values, days from hours, months from days. */
const SOURCE: Record<Exclude<RollupLevel, 'hour'>, RollupLevel> = { day: 'hour', month: 'day' };

const recomputeLevel = async (touched: readonly TouchedInstant[], level: RollupLevel): Promise<void> => {
  const changesByPoint = new Map<string, Map<number, StoredRollup | null>>();
  await Promise.all(
    distinctBuckets(touched, level).map(async ({ pointId, zone, start }) => {
      const end = nextBucketStart(start, level, zone);
      const aggregate =
        level === 'hour'
          ? aggregateOf(await listRawValues(pointId, start, end))
          : mergeAggregates(await listRollups(pointId, SOURCE[level], start, end));
      const changes = changesByPoint.get(pointId) ?? new Map<number, StoredRollup | null>();
      changesByPoint.set(pointId, changes.set(start, aggregate ? { ...aggregate, start } : null));
    }),
  );
  await Promise.all([...changesByPoint].map(([pointId, changes]) => writeRollups(pointId, level, changes)));
};

/**
 * Recomputes every hour, day and month bucket a set of writes touched, from the level below:
 * idempotent, so replaying a stream batch or a replaced value gives the same rollups.
 */
export const recomputeRollups = async (touched: readonly TouchedInstant[]): Promise<void> => {
  if (touched.length === 0) return;
  await recomputeLevel(touched, 'hour');
  await recomputeLevel(touched, 'day');
  await recomputeLevel(touched, 'month');
};
