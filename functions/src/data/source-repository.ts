import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import type { Source, SourceFetchStatus, SourceHierarchy, sourceConfigInputSchema } from '@shared/schemas/source';
import { dynamo } from '../clients/dynamodb';
import { AppError } from '../errors';
import { keys, stripKeys } from './keys';
import { entitiesTable, queryIndex, queryPrefix, updateOfAttributes } from './table';

/** What a source's configuration holds besides its secrets, its discovery and its server-made id. */
export type StoredSourceConfig = Omit<z.output<typeof sourceConfigInputSchema>, 'api_key' | 'password'>;

/** A source as stored: secrets sealed (never answered), the discovered hierarchy and the name's guard key beside it. */
export interface StoredSource extends Omit<Source, 'config'> {
  name_key: string;
  config: StoredSourceConfig;
  hierarchy: SourceHierarchy;
  uuid: string;
  api_key_sealed: string | null;
  password_sealed: string | null;
}

const toSource = (item: Record<string, unknown>): StoredSource => stripKeys(item) as unknown as StoredSource;

const isConditionFailure = (error: unknown): boolean =>
  ['TransactionCanceledException', 'ConditionalCheckFailedException'].includes((error as { name?: string }).name ?? '');

const reasonsOf = (error: unknown): (string | undefined)[] =>
  ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((reason) => reason.Code);

/** What the item of a source's last fetch holds (`keys.sourceFetch`). */
interface FetchItem {
  source: string;
  last_fetch: SourceFetchStatus;
}

/**
 * A source's last fetch: its own item's when a fetch wrote one, else what the source item holds
 * (written there by versions before issue 41's cut, or null).
 */
const withFetch = (source: StoredSource, fetched: FetchItem | undefined): StoredSource => ({ ...source, last_fetch: fetched?.last_fetch ?? source.last_fetch ?? null });

/**
 * The customer's sources, from their list on GSI1 (sources written before it get their entry from
 * the deploy's migration). `withFetchStatus`: with their last fetch, read beside the list in one
 * Query of the customer's small fetch items (the sources screen); without it, `last_fetch` is only
 * what the source item holds.
 */
export const listSourcesOfCustomer = async (customerId: string, { withFetchStatus = false }: { withFetchStatus?: boolean } = {}): Promise<StoredSource[]> => {
  const { PK, prefix } = keys.sourceFetchesOfCustomer(customerId);
  const [items, fetches] = await Promise.all([
    queryIndex<Record<string, unknown>>(keys.sourceList(customerId).GSI1PK),
    withFetchStatus ? queryPrefix<FetchItem>(PK, prefix) : Promise.resolve([]),
  ]);
  const fetchOf = new Map(fetches.map((item) => [item.source, item]));
  return items
    .filter((item) => item.customer === customerId)
    .map(toSource)
    .map((source) => (withFetchStatus ? withFetch(source, fetchOf.get(source._id)) : source))
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
};

/**
 * The customer's sources from its partition, strongly consistent (a save that just wrote one sees
 * it): what sets its fetch schedules right (services/source-schedule-service). In no order.
 */
export const listSourcesOfCustomerConsistently = async (customerId: string): Promise<StoredSource[]> => {
  const { PK, prefix } = keys.sourcesOfCustomer(customerId);
  return (await queryPrefix<Record<string, unknown>>(PK, prefix, { consistent: true })).filter((item) => item.kind === 'source' && item.customer === customerId).map(toSource);
};

/** The ids of the customer's sources stored under its partition that have no entry in its list yet (the migration's read). */
export const unlistedSourceIds = async (customerId: string): Promise<string[]> => {
  const { PK, prefix } = keys.sourcesOfCustomer(customerId);
  const listed = keys.sourceList(customerId).GSI1PK;
  return (await queryPrefix<{ SK: string; GSI1PK?: string }>(PK, prefix, { projection: 'SK, GSI1PK' })).filter((item) => item.GSI1PK !== listed).map((item) => item.SK.slice(prefix.length));
};

/** Gives existing sources their entry in the customer's list (one gone meanwhile is skipped). */
export const listSources = async (customerId: string, sourceIds: readonly string[]): Promise<void> => {
  for (const sourceId of sourceIds) {
    try {
      await dynamo.send(new UpdateCommand(updateOfAttributes(keys.source(customerId, sourceId), keys.sourceInList(customerId, sourceId))));
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
};

/** A source; `withFetchStatus` (the default): with its last fetch, read beside it (a fetch itself needs none). */
export const getSource = async (customerId: string, sourceId: string, { withFetchStatus = true }: { withFetchStatus?: boolean } = {}): Promise<StoredSource | null> => {
  const [answer, fetched] = await Promise.all([
    dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.source(customerId, sourceId) })),
    withFetchStatus ? dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.sourceFetch(customerId, sourceId) })) : Promise.resolve(null),
  ]);
  if (!answer.Item) return null;
  const source = toSource(answer.Item);
  return withFetchStatus ? withFetch(source, fetched?.Item as FetchItem | undefined) : source;
};

const claimName = (source: StoredSource) => ({
  Put: {
    TableName: entitiesTable(),
    Item: { ...keys.sourceName(source.customer, source.name_key), kind: 'source-name', source: source._id },
    ConditionExpression: 'attribute_not_exists(PK) OR #source = :source',
    ExpressionAttributeNames: { '#source': 'source' },
    ExpressionAttributeValues: { ':source': source._id },
  },
});

/** Claims the name and puts the source in one transaction: two sources of a customer never share a name. */
export const createSource = async (source: StoredSource): Promise<void> => {
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          claimName(source),
          {
            Put: {
              TableName: entitiesTable(),
              Item: { ...keys.source(source.customer, source._id), ...keys.sourceInList(source.customer, source._id), kind: 'source', ...source },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error) && reasonsOf(error)[0] === 'ConditionalCheckFailed') throw new AppError('source_name_exists', { cause: error });
    throw error;
  }
};

/** What a save changes; the discovery, the last fetch and the server-made fields are written elsewhere. */
export type SourceChanges = Pick<StoredSource, 'name' | 'name_key' | 'family' | 'active' | 'order' | 'data_type' | 'definitions' | 'resource' | 'config' | 'api_key_sealed' | 'password_sealed' | 'updated_at'>;

/**
 * Saves a source's editable fields, moving its name guard when the name changed, in one
 * transaction: the new name must be free, the source must still exist.
 */
export const updateSource = async (customerId: string, sourceId: string, previousNameKey: string, changes: SourceChanges): Promise<void> => {
  const moved = previousNameKey !== changes.name_key;
  const items = [
    ...(moved
      ? [
          claimName({ customer: customerId, _id: sourceId, name_key: changes.name_key } as StoredSource),
          { Delete: { TableName: entitiesTable(), Key: keys.sourceName(customerId, previousNameKey) } },
        ]
      : []),
    { Update: updateOfAttributes(keys.source(customerId, sourceId), changes) },
  ];
  try {
    await dynamo.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const reasons = reasonsOf(error);
    if (reasons.at(-1) === 'ConditionalCheckFailed') throw new AppError('not_found', { cause: error });
    throw new AppError('source_name_exists', { cause: error });
  }
};

/** Removes the source and frees its name. */
export const deleteSource = async (source: StoredSource): Promise<void> => {
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: entitiesTable(), Key: keys.source(source.customer, source._id), ConditionExpression: 'attribute_exists(PK)' } },
          { Delete: { TableName: entitiesTable(), Key: keys.sourceName(source.customer, source.name_key) } },
          { Delete: { TableName: entitiesTable(), Key: keys.sourceFetch(source.customer, source._id) } },
          { Delete: { TableName: entitiesTable(), Key: keys.fetchedDates(source.customer, source._id) } },
          // Where versions before 2026-11-29's kept them, until the deploy's migrations moved them (step 8).
          { Delete: { TableName: entitiesTable(), Key: keys.legacyFetchedDates(source.customer, source._id) } },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('not_found', { cause: error });
    throw error;
  }
};

const setAttribute = async (customerId: string, sourceId: string, values: Record<string, unknown>): Promise<boolean> => {
  try {
    await dynamo.send(new UpdateCommand(updateOfAttributes(keys.source(customerId, sourceId), values)));
    return true;
  } catch (error) {
    // The source was deleted meanwhile: nothing to record.
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

export const saveHierarchy = (customerId: string, sourceId: string, hierarchy: SourceHierarchy): Promise<boolean> =>
  setAttribute(customerId, sourceId, { hierarchy });

/**
 * Records a fetch's outcome in the source's fetch item (`keys.sourceFetch`): one small put, no index
 * (1 write unit), where an update of the source item rewrote its copy in the list of sources on GSI1
 * too (2 units or more). A fetch meeting the source's deletion may leave the item behind: nothing
 * reads it without its source, and the customer's purge takes its partition.
 */
export const saveFetchStatus = async (customerId: string, sourceId: string, status: SourceFetchStatus): Promise<void> => {
  await dynamo.send(new PutCommand({ TableName: entitiesTable(), Item: sourceFetchItem(customerId, sourceId, status) }));
};

/** The item of a source's last fetch, as stored: its keys and the status, nothing listed on an index. */
export const sourceFetchItem = (customerId: string, sourceId: string, status: SourceFetchStatus) => ({
  ...keys.sourceFetch(customerId, sourceId),
  kind: 'source-fetch',
  source: sourceId,
  last_fetch: status,
});

/** Whether a mailbox message was already taken by this source. */
export const isMessageTaken = async (customerId: string, sourceId: string, messageKey: string): Promise<boolean> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.sourceMessage(customerId, sourceId, messageKey) }));
  return Boolean(answer.Item);
};

/** Notes a message whose attachments were handed to the import (once: a second note of the same message is a no-op). */
export const noteMessageTaken = async (
  customerId: string,
  sourceId: string,
  messageKey: string,
  details: { subject: string | null; files: string[]; at: string },
): Promise<void> => {
  try {
    await dynamo.send(
      new PutCommand({
        TableName: entitiesTable(),
        Item: { ...keys.sourceMessage(customerId, sourceId, messageKey), kind: 'source-message', ...details },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
};

/** Forgets the messages a deleted source took. */
export const deleteMessagesOfSource = async (customerId: string, sourceId: string): Promise<void> => {
  const items = await queryPrefix<{ PK: string; SK: string }>(`C#${customerId}`, `SRCMSG#${sourceId}#`);
  for (const item of items) await dynamo.send(new DeleteCommand({ TableName: entitiesTable(), Key: { PK: item.PK, SK: item.SK } }));
};
