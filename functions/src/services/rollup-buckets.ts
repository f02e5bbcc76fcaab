import { aggregateOf, mergeAggregates, type Aggregate, type RawValue } from '@shared/series/aggregate';
import { bucketStart, nextBucketStart, ROLLUP_LEVELS, type RollupLevel } from '@shared/series/buckets';
import { groupBy } from '@shared/series/rollups';
import { listRawValues } from '../data/raw-value-repository';
import { isPending, listRollups, writeRollupsFromSources, type PendingMark, type RollupRange, type RollupRead } from '../data/rollup-repository';
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

/**
 * Where a point's rollups stop being complete, from its pending mark (see `PendingMark`): hours from
 * `hour` on lack raw values a fetch wrote (Infinity: none), and days and months from `dayHour` on —
 * the earlier of that hour and the hour of `daysFrom` — lack hours rolled up since (Infinity: none).
 */
const pendingHours = (zone: string, pending: PendingMark): { hour: number; dayHour: number } => {
  const hour = pending.from === null ? Infinity : bucketStart(pending.from, 'hour', zone);
  return { hour, dayHour: Math.min(hour, pending.daysFrom === null ? Infinity : bucketStart(pending.daysFrom, 'hour', zone)) };
};

/**
 * What completing a level's buckets needs when its rollups are pending (a source fetch's values wait
 * for the hour's rollup, and their hours for the day's, see docs/architecture/series.md): the raw
 * values from the pending hour's start to the end of the range's last bucket, the stored hours of
 * the pending days before the pending hour (days and months), the stored days of the pending
 * month before the pending day (months). Null: the range ends before anything pending.
 */
export interface PendingReads {
  raw: { from: number; to: number } | null;
  hours: { from: number; to: number } | null;
  days: { from: number; to: number } | null;
}

export const pendingReadsOf = (level: RollupLevel, zone: string, pending: PendingMark, range: { from: number; to: number }): PendingReads | null => {
  const { hour, dayHour } = pendingHours(zone, pending);
  const rangeEnd = nextBucketStart(bucketStart(range.to - 1, level, zone), level, zone);
  const first = level === 'hour' ? hour : dayHour;
  if (first >= rangeEnd) return null;
  const day = bucketStart(first, 'day', zone);
  const hoursTo = Math.min(hour, rangeEnd);
  return {
    raw: hour < rangeEnd ? { from: hour, to: rangeEnd } : null,
    hours: level === 'hour' || day >= hoursTo ? null : { from: day, to: hoursTo },
    days: level === 'month' && bucketStart(first, 'month', zone) < day ? { from: bucketStart(first, 'month', zone), to: day } : null,
  };
};

/**
 * A level's buckets in [from, to) as they will be once what is pending is rolled up: the stored
 * buckets before the pending one's, then every bucket from it on recomputed — hours from the raw
 * values, the pending days from their stored hours before the pending hour and those hours, the
 * pending month from its stored days before the pending day and those days — by the functions and
 * in the order the bulk path rolls up with, so each is the bucket the packs will hold. Buckets are
 * replaced, never added to: a single write's stream recompute may have rolled up some pending
 * values already. `stored` sorted by start, as read; `raw` sorted by time; `hours` and `days`
 * what `pendingReadsOf` asked for.
 */
export const completeRollups = (
  level: RollupLevel,
  zone: string,
  pending: PendingMark,
  range: { from: number; to: number },
  stored: readonly StoredRollup[],
  inputs: { raw: readonly RawValue[]; hours?: readonly StoredRollup[]; days?: readonly StoredRollup[] },
): StoredRollup[] => {
  const { hour, dayHour } = pendingHours(zone, pending);
  const first = level === 'hour' ? hour : dayHour;
  if (first === Infinity) return [...stored];
  const start = bucketStart(first, level, zone);
  if (start >= range.to) return [...stored];
  const raw = inputs.raw.filter((value) => value.at >= hour);
  const hourStarts = new Set(raw.map((value) => bucketStart(value.at, 'hour', zone)));
  const rawHours = [...hourBucketsOfValues(raw, zone, hourStarts).values()]
    .filter((rollup): rollup is StoredRollup => rollup !== null)
    .sort((a, b) => a.start - b.start);
  let completed = rawHours;
  if (level !== 'hour') {
    const day = bucketStart(dayHour, 'day', zone);
    const hoursBefore = (inputs.hours ?? []).filter((rollup) => rollup.start >= day && rollup.start < hour);
    completed = [...rollupsAbove([...hoursBefore, ...rawHours], 'day', zone).values()];
    if (level === 'month') {
      const daysBefore = (inputs.days ?? []).filter((rollup) => rollup.start >= bucketStart(dayHour, 'month', zone) && rollup.start < day);
      completed = [...rollupsAbove([...daysBefore, ...completed], 'month', zone).values()];
    }
  }
  return [
    ...stored.filter((rollup) => rollup.start < start),
    ...completed.filter((rollup) => rollup.start >= Math.max(start, range.from) && rollup.start < range.to),
  ];
};

/**
 * The latest bucket before a range (what differences subtract from) once what is pending is rolled
 * up: only its `last` is read, which is the last raw value before the range when one lies after the
 * pending hour's start, else — days and months pending before the range — the last stored hour's
 * after the pending day's start, else the stored one's.
 */
export const completeRollupBefore = (
  level: RollupLevel,
  zone: string,
  pending: PendingMark,
  from: number,
  stored: StoredRollup | null,
  inputs: { raw: readonly RawValue[]; hours?: readonly StoredRollup[] },
): StoredRollup | null => {
  const { hour, dayHour } = pendingHours(zone, pending);
  const latest = inputs.raw.filter((value) => value.at >= hour && value.at < from).at(-1);
  if (latest) return { ...aggregateOf([latest])!, start: bucketStart(latest.at, level, zone) };
  if (level === 'hour' || dayHour === Infinity) return stored;
  const day = bucketStart(dayHour, 'day', zone);
  const latestHour = (inputs.hours ?? []).filter((rollup) => rollup.start >= day && rollup.start < Math.min(hour, from)).at(-1);
  return latestHour ? { ...latestHour, start: bucketStart(latestHour.start, level, zone) } : stored;
};

/**
 * Rollup ranges as read (`readRollupRanges`), completed where the point's pending mark lies before
 * a range's end (`completeRollups`, `completeRollupBefore`): what is pending is read from the raw
 * values, and the pending days' hours and month's days from their packs, for those ranges only.
 */
export const completePendingRanges = (reads: readonly (RollupRead & { zone: string })[], ranges: readonly RollupRange[]): Promise<RollupRange[]> =>
  Promise.all(
    ranges.map(async (range, index) => {
      const read = reads[index];
      if (!isPending(range.pending)) return range;
      const needs = pendingReadsOf(read.level, read.zone, range.pending, read);
      if (!needs) return range;
      const [raw, hours, days] = await Promise.all([
        needs.raw ? listRawValues(read.series, needs.raw.from, needs.raw.to) : [],
        needs.hours ? listRollups(read.series, 'hour', needs.hours.from, needs.hours.to) : [],
        needs.days ? listRollups(read.series, 'day', needs.days.from, needs.days.to) : [],
      ]);
      return {
        ...range,
        rollups: completeRollups(read.level, read.zone, range.pending, read, range.rollups, { raw, hours, days }),
        before: read.before ? completeRollupBefore(read.level, read.zone, range.pending, read.from, range.before, { raw, hours }) : range.before,
      };
    }),
  );
