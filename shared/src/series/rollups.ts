import { aggregateOf, mergeAggregates, type Aggregate, type RawValue } from './aggregate';
import { bucketStart, type RollupLevel } from './buckets';

export interface Rollup extends Aggregate {
  start: number;
}

export type RollupSet = Record<RollupLevel, Rollup[]>;

const group = <T>(items: readonly T[], keyOf: (item: T) => number): Map<number, T[]> => {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const members = groups.get(key);
    if (members) members.push(item);
    else groups.set(key, [item]);
  }
  return groups;
};

/**
 * Hour, day and month rollups of a set of raw values in a zone's calendar, computed in memory:
 * the bulk path writes them directly for whole months it has read, instead of recomputing every
 * touched hour through the stream.
 */
export const computeRollups = (values: readonly RawValue[], zone: string): RollupSet => {
  const hours = [...group(values, (value) => bucketStart(value.at, 'hour', zone))]
    .map(([start, members]) => ({ ...aggregateOf(members)!, start }))
    .sort((a, b) => a.start - b.start);
  const days = [...group(hours, (hour) => bucketStart(hour.start, 'day', zone))]
    .map(([start, members]) => ({ ...mergeAggregates(members)!, start }))
    .sort((a, b) => a.start - b.start);
  const months = [...group(days, (day) => bucketStart(day.start, 'month', zone))]
    .map(([start, members]) => ({ ...mergeAggregates(members)!, start }))
    .sort((a, b) => a.start - b.start);
  return { hour: hours, day: days, month: months };
};
