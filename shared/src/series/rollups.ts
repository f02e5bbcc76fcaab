import { aggregateOf, mergeAggregates, type Aggregate, type RawValue } from './aggregate';
import { bucketStart, type RollupLevel } from './buckets';

export interface Rollup extends Aggregate {
  start: number;
}

export type RollupSet = Record<RollupLevel, Rollup[]>;

/** Items grouped by a numeric key (a bucket start), groups in the order their keys first appear. */
export const groupBy = <T>(items: readonly T[], keyOf: (item: T) => number): Map<number, T[]> => {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const members = groups.get(key);
    if (members) members.push(item);
    else groups.set(key, [item]);
  }
  return groups;
};

/** Items merged into one aggregate per bucket; sorted items give sorted buckets. */
export const mergeByBucket = <T>(items: readonly T[], startOf: (item: T) => number, merge: (members: T[]) => Aggregate): Rollup[] =>
  [...groupBy(items, startOf)].map(([start, members]) => ({ ...merge(members), start }));

/**
 * Hour, day and month rollups of a set of raw values in a zone's calendar, computed in memory:
 * the bulk path writes them directly for whole months it has read, instead of recomputing every
 * touched hour through the stream.
 */
export const computeRollups = (values: readonly RawValue[], zone: string): RollupSet => {
  const byStart = (a: Rollup, b: Rollup) => a.start - b.start;
  const hours = mergeByBucket(values, (value) => bucketStart(value.at, 'hour', zone), (members) => aggregateOf(members)!).sort(byStart);
  const days = mergeByBucket(hours, (hour) => bucketStart(hour.start, 'day', zone), (members) => mergeAggregates(members)!).sort(byStart);
  const months = mergeByBucket(days, (day) => bucketStart(day.start, 'month', zone), (members) => mergeAggregates(members)!).sort(byStart);
  return { hour: hours, day: days, month: months };
};
