import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetSecretValueCommand, ListSecretsCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { testEnvironment } from './environment';
import { decodeHour, encodeHour, entriesOfRawItems, mergeHour, utcHourOf, type RawEntry } from '../../functions/src/data/raw-hour';
import { decodePack } from '../../functions/src/data/rollup-pack';
import { seriesKeys, type SeriesRef } from '../../functions/src/data/series-keys';

const clientOptions = () => ({
  endpoint: testEnvironment().endpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
});

let documents: DynamoDBDocumentClient | undefined;
const dynamo = () => (documents ??= DynamoDBDocumentClient.from(new DynamoDBClient(clientOptions())));

/** Direct access to the entities table, to arrange states the API has no screen for yet. */
export const entities = {
  get: async (key: { PK: string; SK: string }) =>
    (await dynamo().send(new GetCommand({ TableName: testEnvironment().entitiesTable, Key: key }))).Item,
  put: (item: Record<string, unknown>) => dynamo().send(new PutCommand({ TableName: testEnvironment().entitiesTable, Item: item })),
  /** Many items at once, 25 a batch (the emulator processes every item of a batch). */
  putMany: async (items: Record<string, unknown>[]) => {
    const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    for (let offset = 0; offset < items.length; offset += 25) {
      await dynamo().send(
        new BatchWriteCommand({ RequestItems: { [testEnvironment().entitiesTable]: items.slice(offset, offset + 25).map((Item) => ({ PutRequest: { Item } })) } }),
      );
    }
  },
  delete: (key: { PK: string; SK: string }) =>
    dynamo().send(new DeleteCommand({ TableName: testEnvironment().entitiesTable, Key: key })),
  /** The items of a partition whose sort key starts with a prefix. */
  withPrefix: async (PK: string, prefix: string): Promise<Record<string, unknown>[]> => {
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const answer = await dynamo().send(
      new QueryCommand({
        TableName: testEnvironment().entitiesTable,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix },
        ConsistentRead: true,
      }),
    );
    return answer.Items ?? [];
  },
  set: (key: { PK: string; SK: string }, values: Record<string, unknown>) =>
    dynamo().send(
      new UpdateCommand({
        TableName: testEnvironment().entitiesTable,
        Key: key,
        UpdateExpression: `SET ${Object.keys(values).map((name, index) => `#n${index} = :v${index}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(Object.keys(values).map((name, index) => [`#n${index}`, name])),
        ExpressionAttributeValues: Object.fromEntries(Object.values(values).map((value, index) => [`:v${index}`, value])),
      }),
    ),
};

/** Direct writes to the connections table, to arrange a browser on record. */
export const connections = {
  put: (item: Record<string, unknown>) => dynamo().send(new PutCommand({ TableName: testEnvironment().connectionsTable, Item: item })),
};

/** The WebSocket connections the server has on record for a user. */
export const connectionsOfUser = async (userId: string): Promise<Record<string, unknown>[]> => {
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const answer = await dynamo().send(
    new QueryCommand({
      TableName: testEnvironment().connectionsTable,
      IndexName: 'byUser',
      KeyConditionExpression: 'user_id = :user',
      ExpressionAttributeValues: { ':user': userId },
    }),
  );
  return answer.Items ?? [];
};

/** The ARN of the token signing secret generated at deploy time (for the functions' own token code run in a test). */
export const jwtSecretArn = async (): Promise<string> => {
  const secrets = new SecretsManagerClient(clientOptions());
  const list = await secrets.send(new ListSecretsCommand({}));
  const secret = list.SecretList?.find((candidate) => candidate.Name?.includes('JwtSecret'));
  if (!secret?.ARN) throw new Error('JWT secret not found');
  return secret.ARN;
};

/** The token signing secret generated at deploy time, to forge expired tokens in tests. */
export const jwtSecret = async (): Promise<string> => {
  const secrets = new SecretsManagerClient(clientOptions());
  const value = await secrets.send(new GetSecretValueCommand({ SecretId: await jwtSecretArn() }));
  return value.SecretString ?? '';
};

/** The edge's origin secret generated at deploy time (what CloudFront, and the local web server, send the REST API). */
export const originSecret = async (): Promise<string> => {
  const secrets = new SecretsManagerClient(clientOptions());
  const list = await secrets.send(new ListSecretsCommand({}));
  const secret = list.SecretList?.find((candidate) => candidate.Name?.includes('OriginSecret'));
  if (!secret?.ARN) throw new Error('Origin secret not found');
  return (await secrets.send(new GetSecretValueCommand({ SecretId: secret.ARN }))).SecretString ?? '';
};

/** A point's series in the premium demo customer unless said otherwise. */
export const seriesRef = (pointId: string, customerId = testEnvironment().customers.premium): SeriesRef => ({ customerId, pointId });

const queryPartition = async (PK: string) => {
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const answer = await dynamo().send(
    new QueryCommand({ TableName: testEnvironment().seriesTable, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': PK } }),
  );
  return answer.Items ?? [];
};

/**
 * An hour item of raw values changed straight in the series table as a single write does (`b = 0`:
 * the stream rolls it up), on its version: put back, or deleted once empty.
 */
const changeHourItem = async (ref: SeriesRef, hour: number, change: (entries: RawEntry[]) => RawEntry[], zone?: string): Promise<void> => {
  const Key = seriesKeys.raw(ref, hour);
  const TableName = testEnvironment().seriesTable;
  // Another writer (an import of the same hours) may have written the item since it was read: read and change it again.
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const { Item } = await dynamo().send(new GetCommand({ TableName, Key, ConsistentRead: true }));
    const entries = change(Item ? decodeHour(hour, Item) : []);
    const version = Number(Item?.n ?? 0);
    const condition = Item ? { ConditionExpression: 'n = :n', ExpressionAttributeValues: { ':n': version } } : { ConditionExpression: 'attribute_not_exists(PK)' };
    try {
      if (entries.length === 0) {
        if (Item) await dynamo().send(new DeleteCommand({ TableName, Key, ...condition }));
        return;
      }
      await dynamo().send(
        new PutCommand({ TableName, Item: { ...Key, ...encodeHour(hour, entries), n: version + 1, z: zone ?? Item?.z ?? 'Europe/Paris', b: 0 }, ...condition }),
      );
      return;
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
  throw new Error('The hour item kept changing under the test');
};

/** Raw values written straight into the series table (single writes: the stream rolls them up), and reads of what the table holds. */
export const series = {
  putRaw: async (ref: SeriesRef, values: { at: number; value: number }[], zone = 'Europe/Paris') => {
    const byHour = new Map<number, { at: number; value: number }[]>();
    for (const value of values) byHour.set(utcHourOf(value.at), [...(byHour.get(utcHourOf(value.at)) ?? []), value]);
    for (const [hour, written] of byHour) {
      await changeHourItem(ref, hour, (entries) => mergeHour(entries, { writes: written.map(({ at, value }) => ({ at, value, status: '1' as const })) }).entries, zone);
    }
  },
  deleteRaw: (ref: SeriesRef, at: number) => changeHourItem(ref, utcHourOf(at), (entries) => entries.filter((entry) => entry.at !== at)),
  /**
   * Rollups of the packs whose sort key starts with `stretch` (hours of a UTC month yyyyMM or day
   * yyyyMMdd, days of a UTC year yyyy or month yyyyMM, months of a year yyyy), or of every pack.
   */
  rollups: async (ref: SeriesRef, level: 'hour' | 'day' | 'month', stretch = '') =>
    (await queryPartition(seriesKeys.rollupPartition(ref, level)))
      .filter((item) => String(item.SK).startsWith(stretch))
      .flatMap((item) => decodePack(item)),
  /** Deletes the rollup packs whose sort key starts with `stretch`, as a bulk writer that failed before writing them would leave their rollups. */
  deleteRollupPack: async (ref: SeriesRef, level: 'hour' | 'day' | 'month', stretch: string) => {
    const packs = (await queryPartition(seriesKeys.rollupPartition(ref, level))).filter((item) => String(item.SK).startsWith(stretch));
    await Promise.all(packs.map((item) => dynamo().send(new DeleteCommand({ TableName: testEnvironment().seriesTable, Key: { PK: item.PK, SK: item.SK } }))));
  },
  /** A point's extent marker for one level: the sort key at or before its earliest pack. */
  firstPack: async (ref: SeriesRef, level: 'hour' | 'day' | 'month') =>
    (await dynamo().send(new GetCommand({ TableName: testEnvironment().seriesTable, Key: seriesKeys.extent(ref, level) }))).Item?.firstPack,
  /** Raw values of one UTC month partition at an instant (ISO), read directly. */
  rawValues: async (ref: SeriesRef, month: string, at: string) =>
    entriesOfRawItems(await queryPartition(seriesKeys.rawPartition(ref, month)))
      .filter((entry) => entry.at === Date.parse(at))
      .map((entry) => ({ ...entry, t: entry.at, v: entry.value, s: entry.status })),
  /** Every raw value of the given UTC months (yyyyMM), oldest first, read directly (all pages). */
  rawOfMonths: async (ref: SeriesRef, months: readonly string[]) => {
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const values: { at: number; value: number; status: string }[] = [];
    for (const month of months) {
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await dynamo().send(
          new QueryCommand({
            TableName: testEnvironment().seriesTable,
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': seriesKeys.rawPartition(ref, month) },
            ExclusiveStartKey,
          }),
        );
        values.push(...entriesOfRawItems(page.Items ?? []).map((entry) => ({ at: entry.at, value: entry.value, status: String(entry.status) })));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
    }
    return values.sort((a, b) => a.at - b.at);
  },
  /** Every rollup bucket of the series against a recomputation from their raw values (see `checkRollups`). */
  checkRollups: async (refs: readonly SeriesRef[]) => {
    const { checkRollups } = await import('./rollup-check');
    return checkRollups(dynamo(), testEnvironment().seriesTable, refs);
  },
  /** How many items of every kind a point's series holds: raw values of the given months, rollup packs, markers. */
  itemCount: async (ref: SeriesRef, months: readonly string[]) => {
    const partitions = [
      ...months.map((month) => seriesKeys.rawPartition(ref, month)),
      ...(['hour', 'day', 'month'] as const).map((level) => seriesKeys.rollupPartition(ref, level)),
      seriesKeys.rawMonths(ref),
      seriesKeys.extent(ref, 'hour').PK,
    ];
    return (await Promise.all(partitions.map(queryPartition))).reduce((sum, items) => sum + items.length, 0);
  },
};
