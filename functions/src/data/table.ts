import { ConditionalCheckFailedException, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../errors';
import { requireSetting } from '../config';
import { dynamo, dynamoCallsMade } from '../clients/dynamodb';

export const entitiesTable = (): string => requireSetting('ENTITIES_TABLE');
export const seriesTable = (): string => requireSetting('SERIES_TABLE');

type QueryInput = ConstructorParameters<typeof QueryCommand>[0];

/** DynamoDB calls this container made so far by operation and table (`BatchWriteItem series`), to measure a long job by. */
export const callsMadeSoFar = (): Map<string, number> => {
  const named = new Map<string, string>([[seriesTable(), 'series'], [entitiesTable(), 'entities']]);
  const calls = new Map<string, number>();
  for (const [kind, count] of dynamoCallsMade()) {
    const [operation, table] = kind.split(' ');
    const key = `${operation} ${named.get(table) ?? 'other'}`;
    calls.set(key, (calls.get(key) ?? 0) + count);
  }
  return calls;
};

/**
 * The pages a query answers, one after the other (any table), for callers that must not hold every
 * item at once. With `laterLimit`, the calls after the first ask for that many items (the first for
 * the input's `Limit`): a reader that may stop early asks for little first, then for more.
 */
export async function* queryPages(input: QueryInput, laterLimit?: number) {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  let Limit = input.Limit;
  do {
    const page = await dynamo.send(new QueryCommand({ ...input, ExclusiveStartKey, ...(Limit === undefined ? {} : { Limit }) }));
    yield page;
    ExclusiveStartKey = page.LastEvaluatedKey;
    Limit = laterLimit ?? Limit;
  } while (ExclusiveStartKey);
}

/** Every item a query answers, following pagination (any table). */
export const queryEvery = async <T>(input: QueryInput): Promise<T[]> => {
  const items: T[] = [];
  for await (const page of queryPages(input)) items.push(...((page.Items ?? []) as T[]));
  return items;
};

/** How many items a query of the entities table matches, counted by the table (no item read back). */
export const countAll = async (input: Omit<QueryInput, 'TableName' | 'ExclusiveStartKey' | 'Select'>): Promise<number> => {
  let count = 0;
  for await (const page of queryPages({ ...input, TableName: entitiesTable(), Select: 'COUNT' })) count += page.Count ?? 0;
  return count;
};

/** Every item a query of the entities table answers. */
export const queryAll = <T>(input: Omit<QueryInput, 'TableName' | 'ExclusiveStartKey'>): Promise<T[]> =>
  queryEvery<T>({ ...input, TableName: entitiesTable() });

/**
 * What a prefix query may add: a filter on other attributes (its values named `:…`), the attributes
 * to read back, and a strongly consistent read (a list shown right after a save must hold it: a
 * Query of the table is eventually consistent on AWS unless asked).
 */
export interface PrefixQueryOptions {
  filter?: { expression: string; values: Record<string, unknown> };
  projection?: string;
  consistent?: boolean;
}

/** All items of a partition whose sort key starts with a prefix. */
export const queryPrefix = <T>(PK: string, prefix: string, { filter, projection, consistent }: PrefixQueryOptions = {}): Promise<T[]> =>
  queryAll<T>({
    ...(consistent ? { ConsistentRead: true } : {}),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ...(filter ? { FilterExpression: filter.expression } : {}),
    ...(projection ? { ProjectionExpression: projection } : {}),
    ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix, ...filter?.values },
  });

/** All items of a GSI1 partition. */
export const queryIndex = <T>(GSI1PK: string): Promise<T[]> =>
  queryAll<T>({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': GSI1PK } });

/**
 * An update of the named attributes of an existing item only (it must still exist), so that
 * writers of its other attributes are never undone by a save of an earlier read.
 */
export const updateOfAttributes = (key: { PK: string; SK: string }, values: Record<string, unknown>) => {
  const names = Object.keys(values);
  return {
    TableName: entitiesTable(),
    Key: key,
    UpdateExpression: `SET ${names.map((_, index) => `#n${index} = :v${index}`).join(', ')}`,
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#n${index}`, name])),
    ExpressionAttributeValues: Object.fromEntries(names.map((name, index) => [`:v${index}`, values[name]])),
  };
};

/** Sets attributes of an existing item (see `updateOfAttributes`); a missing item is `not_found`. */
export const updateAttributes = async (key: { PK: string; SK: string }, values: Record<string, unknown>): Promise<void> => {
  try {
    await dynamo.send(new UpdateCommand(updateOfAttributes(key, values)));
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new AppError('not_found', { cause: error });
    throw error;
  }
};

type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/** Writes requests to a table, 25 per batch, retrying what the table left unprocessed with backoff. */
export const batchWrite = async (TableName: string, requests: readonly WriteRequest[]): Promise<void> => {
  for (let offset = 0; offset < requests.length; offset += 25) {
    let pending: WriteRequest[] = requests.slice(offset, offset + 25);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 8) throw new Error(`Batch writes to ${TableName} kept being throttled`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 25));
      const answer = await dynamo.send(new BatchWriteCommand({ RequestItems: { [TableName]: pending as never } }));
      pending = (answer.UnprocessedItems?.[TableName] ?? []) as WriteRequest[];
    }
  }
};

/** Deletes items of the entities table by key (see `batchWrite`). */
export const deleteItems = (itemKeys: readonly { PK: string; SK: string }[]): Promise<void> =>
  batchWrite(entitiesTable(), itemKeys.map(({ PK, SK }) => ({ DeleteRequest: { Key: { PK, SK } } })));

/**
 * Deletes the first `limit` items of a partition (any table) and says how many went: called again
 * it takes the next ones, so a partition is emptied in bounded steps without a cursor.
 */
export const deleteFirstOfPartition = async (TableName: string, PK: string, limit: number): Promise<number> => {
  const items = await firstKeysOfPartition(PK, limit, TableName);
  await batchWrite(TableName, items.map((Key) => ({ DeleteRequest: { Key } })));
  return items.length;
};

/** The keys of a partition's first `limit` items (the entities table's unless said): a deletion's next step. */
export const firstKeysOfPartition = async (PK: string, limit: number, TableName: string = entitiesTable()): Promise<{ PK: string; SK: string }[]> => {
  const page = await dynamo.send(
    new QueryCommand({ TableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': PK }, ProjectionExpression: 'PK, SK', Limit: limit }),
  );
  return (page.Items ?? []).map((item) => ({ PK: String(item.PK), SK: String(item.SK) }));
};

/**
 * The items of the entities table at these keys, those that exist, read 100 keys a call (what a
 * batch allows) with what the table left unprocessed asked again: a save that checks the few
 * items it names costs the same whatever the size of the customer.
 */
export const getItems = async (itemKeys: readonly { PK: string; SK: string }[]): Promise<Record<string, unknown>[]> => {
  const TableName = entitiesTable();
  const found: Record<string, unknown>[] = [];
  for (let offset = 0; offset < itemKeys.length; offset += 100) {
    let pending: Record<string, unknown>[] = itemKeys.slice(offset, offset + 100).map(({ PK, SK }) => ({ PK, SK }));
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 8) throw new Error(`Batch reads of ${TableName} kept being throttled`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 25));
      const answer = await dynamo.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: pending, ConsistentRead: true } } }));
      found.push(...(answer.Responses?.[TableName] ?? []));
      pending = (answer.UnprocessedKeys?.[TableName]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return found;
};

/** Puts whole items into the entities table (see `batchWrite`). */
export const putItems = (items: readonly Record<string, unknown>[]): Promise<void> => batchWrite(entitiesTable(), items.map((Item) => ({ PutRequest: { Item } })));

/** Every page of a whole table (any table): the whole-database dump only, never a request's reading. */
export async function* scanPages(TableName: string) {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(new ScanCommand({ TableName, ExclusiveStartKey }));
    yield page;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

/** A table's size as DynamoDB last measured it (about every six hours): bytes and items; nothing for a table not configured. */
export const tableSize = async (tableName: string | undefined): Promise<{ bytes: number; items: number }> => {
  if (!tableName) return { bytes: 0, items: 0 };
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
  return { bytes: Number(Table?.TableSizeBytes ?? 0), items: Number(Table?.ItemCount ?? 0) };
};
