import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { aggregateOf, mergeAggregates, type Aggregate } from '@shared/series/aggregate';
import { bucketStart, ROLLUP_LEVELS, type RollupLevel } from '@shared/series/buckets';
import { groupBy } from '@shared/series/rollups';
import { entriesOfRawItems } from '../../functions/src/data/raw-hour';
import { decodePack, ROLLUP_FIELDS, type StoredRollup } from '../../functions/src/data/rollup-pack';
import { seriesKeys, type SeriesRef } from '../../functions/src/data/series-keys';

/**
 * Every rollup bucket of a series against a recomputation from its raw values, read straight
 * from the table: hours from the raw values of each hour (in time order), days from those hours,
 * months from those days, in the zone each value was written with — the definition the series
 * engine keeps. A bucket stored but not recomputed, recomputed but not stored, or differing in
 * any field is a mismatch.
 */
export interface RollupCheck {
  /** Raw values read. */
  values: number;
  /** Buckets compared, all levels. */
  buckets: number;
  /** Buckets that differ (or exist on one side only). */
  mismatched: number;
  /** The first mismatches found (at most 20), readable. */
  mismatches: string[];
}

const everyItem = async (dynamo: DynamoDBDocumentClient, TableName: string, PK: string): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(new QueryCommand({ TableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': PK }, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
};

/** The buckets of every level recomputed from raw values (sorted by time), each value in its own zone. */
export const recomputedRollups = (values: readonly { at: number; value: number; zone: string }[]): Record<RollupLevel, Map<number, Aggregate>> => {
  const sorted = [...values].sort((a, b) => a.at - b.at);
  const zone = sorted[0]?.zone ?? 'UTC';
  const hours = new Map<number, Aggregate>();
  for (const [start, members] of groupBy(sorted, (value) => bucketStart(value.at, 'hour', value.zone))) hours.set(start, aggregateOf(members)!);
  const above = (below: Map<number, Aggregate>, level: RollupLevel) => {
    const merged = new Map<number, Aggregate>();
    const parts = [...below].sort((a, b) => a[0] - b[0]);
    for (const [start, members] of groupBy(parts, ([partStart]) => bucketStart(partStart, level, zone))) merged.set(start, mergeAggregates(members.map(([, part]) => part))!);
    return merged;
  };
  const days = above(hours, 'day');
  return { hour: hours, day: days, month: above(days, 'month') };
};

export const checkRollups = async (dynamo: DynamoDBDocumentClient, TableName: string, refs: readonly SeriesRef[], concurrency = 8): Promise<RollupCheck> => {
  const result: RollupCheck = { values: 0, buckets: 0, mismatched: 0, mismatches: [] };
  const queue = [...refs];
  const worker = async () => {
    for (let ref = queue.shift(); ref; ref = queue.shift()) {
      const months = (await everyItem(dynamo, TableName, seriesKeys.rawMonths(ref))).map((item) => String(item.SK));
      // Hour items (and legacy items of one value), each value with its item's zone.
      const raw = (await Promise.all(months.map((month) => everyItem(dynamo, TableName, seriesKeys.rawPartition(ref, month))))).flat();
      const values = raw.flatMap((item) => entriesOfRawItems([item]).map((entry) => ({ at: entry.at, value: entry.value, zone: String(item.z) })));
      result.values += values.length;
      const expected = recomputedRollups(values);
      for (const level of ROLLUP_LEVELS) {
        const stored = new Map<number, StoredRollup>();
        for (const item of await everyItem(dynamo, TableName, seriesKeys.rollupPartition(ref, level))) for (const rollup of decodePack(item)) stored.set(rollup.start, rollup);
        const starts = new Set([...stored.keys(), ...expected[level].keys()]);
        result.buckets += starts.size;
        for (const start of starts) {
          const [want, got] = [expected[level].get(start), stored.get(start)];
          const differing = !want || !got ? ['bucket'] : ROLLUP_FIELDS.filter((field) => field !== 'start' && want[field as keyof Aggregate] !== got[field]);
          if (differing.length === 0) continue;
          result.mismatched += 1;
          if (result.mismatches.length < 20) {
            result.mismatches.push(`${ref.pointId} ${level} ${new Date(start).toISOString()}: ${differing.join(',')} stored ${JSON.stringify(got ?? null)} recomputed ${JSON.stringify(want ?? null)}`);
          }
        }
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return result;
};
