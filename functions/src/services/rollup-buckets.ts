import { aggregateOf, mergeAggregates, type Aggregate, type RawValue } from '@shared/series/aggregate';
import { bucketStart, nextBucketStart, ROLLUP_LEVELS, type RollupLevel } from '@shared/series/buckets';
import { groupBy } from '@shared/series/rollups';
import { listRawValues } from '../data/raw-value-repository';
import { listRollups, writeRollupsFromSources } from '../data/rollup-repository';
import type { SeriesRef } from '../data/series-keys';
import type { StoredRollup } from '../data/rollup-pack';

/** Where each level's buckets are computed from: hours from raw values, days from hours, months from days. */
const SOURCE: Record<Exclude<RollupLevel, 'hour'>, RollupLevel> = { day: 'hour', month: 'day' };

/**
 * Buckets of one level recomputed from what their source holds now (raw values for hours, the
 * level below for days and months), one read for all of them; a bucket with no source left is
 * null (removed).
 */
export const bucketsFromSources = async (
  series: SeriesRef,
  level: RollupLevel,
  zone: string,
  starts: readonly number[],
): Promise<Map<number, StoredRollup | null>> => {
  const from = Math.min(...starts);
  const to = nextBucketStart(Math.max(...starts), level, zone);
  const groups = new Map<number, Aggregate[]>();
  if (level === 'hour') {
    const values = await listRawValues(series, from, to);
    for (const [start, members] of groupBy(values, (value) => bucketStart(value.at, 'hour', zone))) groups.set(start, [aggregateOf(members)!]);
  } else {
    const parts = await listRollups(series, SOURCE[level], from, to);
    for (const [start, members] of groupBy(parts, (part) => bucketStart(part.start, level, zone))) groups.set(start, members);
  }
  return new Map(
    starts.map((start) => {
      const aggregate = mergeAggregates(groups.get(start) ?? []);
      return [start, aggregate ? { ...aggregate, start } : null];
    }),
  );
};

/**
 * Hour buckets computed from values held in memory, which must hold every value of those hours
 * (sorted by time, as a read from the table gives them); an hour with none is null (removed).
 */
export const hourBucketsOfValues = (values: readonly RawValue[], zone: string, starts: ReadonlySet<number>): Map<number, StoredRollup | null> => {
  const buckets = new Map<number, StoredRollup | null>([...starts].map((start) => [start, null]));
  for (const [start, members] of groupBy(values, (value) => bucketStart(value.at, 'hour', zone))) {
    if (starts.has(start)) buckets.set(start, { ...aggregateOf(members)!, start });
  }
  return buckets;
};

/**
 * Buckets of a level merged from buckets of the level below (sorted by start), as
 * `bucketsFromSources` merges them when it reads them from the table.
 */
export const rollupsAbove = (parts: readonly StoredRollup[], level: RollupLevel, zone: string): Map<number, StoredRollup> => {
  const merged = new Map<number, StoredRollup>();
  for (const [start, members] of groupBy(parts, (part) => bucketStart(part.start, level, zone))) merged.set(start, { ...mergeAggregates(members)!, start });
  return merged;
};

/**
 * Recomputes the given buckets of every level of one series (or of the levels given), level after
 * level, each pack from its sources read after its version (see `writeRollupsFromSources`):
 * concurrent writers of the same hours (the stream, a bulk import) never leave a stale rollup.
 */
export const recomputeSeriesBuckets = async (
  series: SeriesRef,
  zone: string,
  instants: readonly number[],
  levels: readonly RollupLevel[] = ROLLUP_LEVELS,
): Promise<void> => {
  for (const level of levels) {
    const starts = [...new Set(instants.map((at) => bucketStart(at, level, zone)))];
    await writeRollupsFromSources(series, level, starts, (packStarts) => bucketsFromSources(series, level, zone, packStarts));
  }
};
