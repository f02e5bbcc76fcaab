import { BatchWriteCommand, DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Aggregate, RawValue } from '@shared/series/aggregate';
import type { RollupLevel } from '@shared/series/buckets';
import { requireSetting } from '../config';
import { dynamo } from '../clients/dynamodb';
import { seriesKeys } from './series-keys';

import type { STATUS_CODES } from '@shared/schemas/series';

export type StatusCode = (typeof STATUS_CODES)[number];

export interface StoredValue extends RawValue {
  pointId: string;
  customerId: string;
  status: StatusCode;
  /** Time zone of the point's location when written: the calendar its rollups use. */
  zone: string;
}

export interface StoredRollup extends Aggregate {
  start: number;
}

const table = (): string => requireSetting('SERIES_TABLE');

const BATCH = 25;

type WriteRequest = NonNullable<ConstructorParameters<typeof BatchWriteCommand>[0]['RequestItems']>[string][number];

/** Sends write requests 25 at a time, retrying what DynamoDB leaves unprocessed with backoff. */
const batchWrite = async (all: readonly WriteRequest[]): Promise<void> => {
  for (let offset = 0; offset < all.length; offset += BATCH) {
    let requests = all.slice(offset, offset + BATCH);
    for (let attempt = 0; requests.length > 0; attempt += 1) {
      if (attempt > 8) throw new Error('Series writes kept being throttled');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 25));
      const answer = await dynamo.send(new BatchWriteCommand({ RequestItems: { [table()]: requests } }));
      requests = answer.UnprocessedItems?.[table()] ?? [];
    }
  }
};

/**
 * Writes raw values; writing the same (point, time) again replaces the value. Values written by
 * the bulk path carry `b`: their rollups are written with them, so the stream leaves them be.
 */
export const putRawValues = (values: readonly StoredValue[], options: { bulk?: boolean } = {}): Promise<void> =>
  batchWrite(
    values.map((value) => ({
      PutRequest: {
        Item: {
          ...seriesKeys.raw(value.pointId, value.at),
          t: value.at,
          v: value.value,
          s: value.status,
          z: value.zone,
          c: value.customerId,
          ...(options.bulk ? { b: 1 } : {}),
        },
      },
    })),
  );

const queryAll = async (input: ConstructorParameters<typeof QueryCommand>[0]): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
};

/** Deletes raw values by time; the stream then recomputes the rollups they leave. */
export const deleteRawValues = (pointId: string, instants: readonly number[]): Promise<void> =>
  batchWrite(instants.map((at) => ({ DeleteRequest: { Key: seriesKeys.raw(pointId, at) } })));

/** Raw values of a point in [from, to), oldest first. */
export const listRawValues = async (pointId: string, from: number, to: number): Promise<RawValue[]> =>
  (await listRawEntries(pointId, from, to)).map(({ at, value }) => ({ at, value }));

/** Raw values with their status, for exports and data screens. */
export const listRawEntries = async (pointId: string, from: number, to: number): Promise<(RawValue & { status: StatusCode })[]> => {
  const months = seriesKeys.monthsBetween(from, to);
  const pages = await Promise.all(
    months.map((month) =>
      queryAll({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': seriesKeys.rawPartition(pointId, month),
          ':from': seriesKeys.sortKey(from),
          ':to': seriesKeys.sortKey(to - 1),
        },
      }),
    ),
  );
  return pages.flat().map((item) => ({ at: Number(item.t), value: Number(item.v), status: item.s as StatusCode }));
};

/** The earliest month rollup: where a point's data starts. */
export const earliestRollup = async (pointId: string, level: 'month'): Promise<StoredRollup | null> => {
  const answer = await dynamo.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': seriesKeys.rollupPartitionOf(pointId, level, 0) },
      Limit: 1,
    }),
  );
  return answer.Items?.[0] ? toRollup(answer.Items[0]) : null;
};

export const putRollup = async (pointId: string, level: RollupLevel, rollup: StoredRollup): Promise<void> => {
  await dynamo.send(
    new PutCommand({ TableName: table(), Item: rollupItem(pointId, level, rollup) }),
  );
};

const rollupItem = (pointId: string, level: RollupLevel, rollup: StoredRollup) => ({
  ...seriesKeys.rollup(pointId, level, rollup.start),
  start: rollup.start,
  count: rollup.count,
  sum: rollup.sum,
  min: rollup.min,
  max: rollup.max,
  first: rollup.first,
  firstAt: rollup.firstAt,
  last: rollup.last,
  lastAt: rollup.lastAt,
});

/** Writes many rollups of one point and level at once. */
export const putRollups = (pointId: string, level: RollupLevel, rollups: readonly StoredRollup[]): Promise<void> =>
  batchWrite(rollups.map((rollup) => ({ PutRequest: { Item: rollupItem(pointId, level, rollup) } })));

export const deleteRollup = async (pointId: string, level: RollupLevel, start: number): Promise<void> => {
  await dynamo.send(new DeleteCommand({ TableName: table(), Key: seriesKeys.rollup(pointId, level, start) }));
};

const toRollup = (item: Record<string, unknown>): StoredRollup => ({
  start: Number(item.start),
  count: Number(item.count),
  sum: Number(item.sum),
  min: Number(item.min),
  max: Number(item.max),
  first: Number(item.first),
  firstAt: Number(item.firstAt),
  last: Number(item.last),
  lastAt: Number(item.lastAt),
});

/** Rollups of a level whose bucket starts in [from, to), oldest first; partitions read in parallel. */
export const listRollups = async (pointId: string, level: RollupLevel, from: number, to: number): Promise<StoredRollup[]> => {
  const pages = await Promise.all(
    seriesKeys.rollupPartitionsBetween(pointId, level, from, to).map((partition) =>
      queryAll({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': partition, ':from': seriesKeys.sortKey(from), ':to': seriesKeys.sortKey(to - 1) },
      }),
    ),
  );
  return pages.flat().map(toRollup);
};

/** The last raw value before an instant, looking back up to two months of partitions. */
export const latestRawBefore = async (pointId: string, before: number): Promise<RawValue | null> => {
  for (const month of seriesKeys.monthsBetween(before - 62 * 86_400_000, before).reverse()) {
    const answer = await dynamo.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk AND SK < :before',
        ExpressionAttributeValues: { ':pk': seriesKeys.rawPartition(pointId, month), ':before': seriesKeys.sortKey(before) },
        ScanIndexForward: false,
        Limit: 1,
      }),
    );
    const item = answer.Items?.[0];
    if (item) return { at: Number(item.t), value: Number(item.v) };
  }
  return null;
};

/** How many partitions back a "latest before" search looks: a year of hours, three years of days. */
const LOOK_BACK: Record<RollupLevel, number> = { hour: 13, day: 3, month: 1 };

/** The latest rollup of a level starting before an instant: what `diff` subtracts from. */
export const latestRollupBefore = async (pointId: string, level: RollupLevel, before: number): Promise<StoredRollup | null> => {
  let cursor: number | null = before - 1;
  for (let step = 0; step < LOOK_BACK[level] && cursor !== null; step += 1) {
    const answer = await dynamo.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk AND SK < :before',
        ExpressionAttributeValues: { ':pk': seriesKeys.rollupPartitionOf(pointId, level, cursor), ':before': seriesKeys.sortKey(before) },
        ScanIndexForward: false,
        Limit: 1,
      }),
    );
    if (answer.Items?.[0]) return toRollup(answer.Items[0]);
    cursor = seriesKeys.previousRollupPartitionStart(level, cursor);
  }
  return null;
};
