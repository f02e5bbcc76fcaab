import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@shared/permissions/roles';
import { requireSetting } from '../config';
import { dynamo } from '../clients/dynamodb';
import { batchWrite, queryEvery } from './table';

export interface Connection {
  connection_id: string;
  user_id: string | null;
  customer_id: string | null;
  navigator_id: string | null;
  /** Epoch seconds; the table's TTL attribute. */
  expires_at: number;
  /** `wanted` while the browser shows the live logs (the sparse `byLogs` index). */
  logs?: 'wanted';
  logs_max_lines?: number;
  /** Who signed in, from the token at $connect: decides what the connection may ask for. */
  role?: Role;
  is_root?: boolean;
  /** Set when the browser asked for the connected users: it is sent the list again on every change. */
  watches_users?: boolean;
}

const table = (): string => requireSetting('CONNECTIONS_TABLE');

export const putConnection = async (connection: Connection): Promise<void> => {
  await dynamo.send(new PutCommand({ TableName: table(), Item: connection }));
};

export const identifyConnection = async (
  connectionId: string,
  identity: { user_id: string; customer_id: string | null; navigator_id: string; expires_at: number },
): Promise<void> => {
  await dynamo.send(
    new UpdateCommand({
      TableName: table(),
      Key: { connection_id: connectionId },
      UpdateExpression: 'SET user_id = :user, customer_id = :customer, navigator_id = :navigator, expires_at = :expires',
      ExpressionAttributeValues: {
        ':user': identity.user_id,
        ':customer': identity.customer_id ?? 'none',
        ':navigator': identity.navigator_id,
        ':expires': identity.expires_at,
      },
    }),
  );
};

export const deleteConnection = async (connectionId: string): Promise<void> => {
  await dynamo.send(new DeleteCommand({ TableName: table(), Key: { connection_id: connectionId } }));
};

const queryBy = async (indexName: string, attribute: string, value: string, nowSeconds: number): Promise<Connection[]> => {
  // Every page: the filter applies after each page's read, so a live connection may sit on any of them.
  return queryEvery<Connection>({
    TableName: table(),
    IndexName: indexName,
    KeyConditionExpression: '#attribute = :value',
    FilterExpression: 'expires_at > :now',
    ExpressionAttributeNames: { '#attribute': attribute },
    ExpressionAttributeValues: { ':value': value, ':now': nowSeconds },
  });
};

/** Live connections of a user (expired ones are filtered; TTL removes them later). */
export const listConnectionsOfUser = (userId: string, nowSeconds: number): Promise<Connection[]> =>
  queryBy('byUser', 'user_id', userId, nowSeconds);

export const listConnectionsOfCustomer = (customerId: string, nowSeconds: number): Promise<Connection[]> =>
  queryBy('byCustomer', 'customer_id', customerId, nowSeconds);

export const getConnection = async (connectionId: string): Promise<Connection | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: table(), Key: { connection_id: connectionId } }));
  return (answer.Item as Connection | undefined) ?? null;
};

/** Marks a connection as showing the live logs, with the number of lines it keeps. */
export const markLogsWanted = async (connectionId: string, maxLines: number): Promise<void> => {
  await dynamo.send(
    new UpdateCommand({
      TableName: table(),
      Key: { connection_id: connectionId },
      UpdateExpression: 'SET logs = :wanted, logs_max_lines = :max',
      ConditionExpression: 'attribute_exists(connection_id)',
      ExpressionAttributeValues: { ':wanted': 'wanted', ':max': maxLines },
    }),
  );
};

export const setLogsMaxLines = async (connectionId: string, maxLines: number): Promise<void> => {
  await dynamo.send(
    new UpdateCommand({
      TableName: table(),
      Key: { connection_id: connectionId },
      UpdateExpression: 'SET logs_max_lines = :max',
      ConditionExpression: 'attribute_exists(connection_id)',
      ExpressionAttributeValues: { ':max': maxLines },
    }),
  );
};

export const unmarkLogsWanted = async (connectionId: string): Promise<void> => {
  await dynamo.send(
    new UpdateCommand({
      TableName: table(),
      Key: { connection_id: connectionId },
      UpdateExpression: 'REMOVE logs',
      ConditionExpression: 'attribute_exists(connection_id)',
    }),
  );
};

/** The live connections showing the live logs. */
export const listLogWatchers = (nowSeconds: number): Promise<Connection[]> => queryBy('byLogs', 'logs', 'wanted', nowSeconds);

/** Marks a connection as showing the connected users (login analytics). */
export const watchConnectedUsers = async (connectionId: string): Promise<void> => {
  await dynamo.send(
    new UpdateCommand({
      TableName: table(),
      Key: { connection_id: connectionId },
      UpdateExpression: 'SET watches_users = :yes',
      ConditionExpression: 'attribute_exists(connection_id)',
      ExpressionAttributeValues: { ':yes': true },
    }),
  );
};

/** Up to `limit` connections of a customer, expired or not (a customer's deletion removes them all). */
export const connectionIdsOfCustomer = async (customerId: string, limit: number): Promise<string[]> => {
  const answer = await dynamo.send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'byCustomer',
      KeyConditionExpression: 'customer_id = :customer',
      ExpressionAttributeValues: { ':customer': customerId },
      ProjectionExpression: 'connection_id',
      Limit: limit,
    }),
  );
  return (answer.Items ?? []).map((item) => String(item.connection_id));
};

/**
 * The `newData` pushed to a customer's browsers, kept a while for a channel that opens after them:
 * one item per customer and ten-second slot, holding the set of points (no user or customer
 * attribute, so the connection indexes never list it; TTL removes it).
 */
const NEW_DATA_SLOT_MS = 10_000;
const NEW_DATA_KEPT_SECONDS = 10 * 60;
const newDataKey = (customerId: string, slot: number) => ({ connection_id: `NEWDATA#${customerId}#${slot}` });

/** Keeps that these points had new values at `atMs` (a set: the same point twice in a slot is kept once). */
export const keepNewData = async (customerId: string, points: readonly string[], atMs: number): Promise<void> => {
  if (points.length === 0) return;
  await dynamo.send(
    new UpdateCommand({
      TableName: table(),
      Key: newDataKey(customerId, Math.floor(atMs / NEW_DATA_SLOT_MS)),
      UpdateExpression: 'ADD points :points SET expires_at = :expires',
      ExpressionAttributeValues: { ':points': new Set(points), ':expires': Math.floor(atMs / 1000) + NEW_DATA_KEPT_SECONDS },
    }),
  );
};

const slotKeys = (customerId: string, fromMs: number, toMs: number): Record<string, unknown>[] => {
  const slots: Record<string, unknown>[] = [];
  for (let slot = Math.floor(fromMs / NEW_DATA_SLOT_MS); slot <= Math.floor(toMs / NEW_DATA_SLOT_MS); slot += 1) slots.push(newDataKey(customerId, slot));
  return slots;
};

/** The points kept with new values from `fromMs` to `toMs`, by whole slots (a few seconds earlier too). */
export const newDataBetween = async (customerId: string, fromMs: number, toMs: number): Promise<string[]> => {
  const slots = slotKeys(customerId, fromMs, toMs);
  const points = new Set<string>();
  for (let offset = 0; offset < slots.length; offset += 100) {
    let requested = slots.slice(offset, offset + 100);
    while (requested.length) {
      const answer = await dynamo.send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: requested } } }));
      for (const item of answer.Responses?.[table()] ?? []) for (const point of (item.points as Set<string> | undefined) ?? []) points.add(point);
      requested = (answer.UnprocessedKeys?.[table()]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return [...points];
};

/** Forgets what was kept of a customer's pushes (its deletion): every slot still kept, up to `nowMs`. */
export const forgetNewData = (customerId: string, nowMs: number): Promise<void> =>
  batchWrite(table(), slotKeys(customerId, nowMs - NEW_DATA_KEPT_SECONDS * 1000, nowMs).map((Key) => ({ DeleteRequest: { Key } })));
