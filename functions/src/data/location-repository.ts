import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { MaplyticsSettings } from '@shared/maplytics/levels';
import type { Location } from '@shared/schemas/location';
import { dynamo } from '../clients/dynamodb';
import { AppError } from '../errors';
import { keys, stripKeys } from './keys';
import { entitiesTable, getItems, putItems, queryIndex, queryPrefix, updateOfAttributes } from './table';

/** Items written before maplytics settings existed read as following the defaults. */
const toLocation = (item: Record<string, unknown>): Location => {
  const location = stripKeys(item) as unknown as Location;
  return { ...location, maplytics_custom_settings: location.maplytics_custom_settings ?? { levels: null } };
};

/**
 * A location's item: under its customer, with its entry in the customer's list of locations (GSI1,
 * `keys.locationInList`). Updates of its fields leave the entry as it is; a put writes it again.
 */
export const locationItem = (location: Location) => ({
  ...keys.location(location.customer, location._id),
  ...keys.locationInList(location.customer, location._id),
  kind: 'location',
  ...location,
});
const itemOf = locationItem;

/**
 * The customer's locations, from their list on GSI1 (a partition of the customer's locations alone:
 * the customer's own partition also holds every point, which a Query there reads through in the
 * emulator). Locations written before the list existed get their entry from the deploy's migration
 * (`functions/src/services/list-index-migration.ts`).
 */
export const listLocationsOfCustomer = async (customerId: string): Promise<Location[]> =>
  (await queryIndex<Record<string, unknown>>(keys.locationList(customerId).GSI1PK))
    .filter((item) => item.kind === 'location' && item.customer === customerId)
    .map(toLocation)
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));

/** The ids of the customer's locations stored under its partition that have no entry in its list yet (the migration's read). */
export const unlistedLocationIds = async (customerId: string): Promise<string[]> => {
  const { PK, prefix } = keys.locationsOfCustomer(customerId);
  const listed = keys.locationList(customerId).GSI1PK;
  return (await queryPrefix<{ SK: string; GSI1PK?: string }>(PK, prefix, { projection: 'SK, GSI1PK' }))
    .filter((item) => item.GSI1PK !== listed)
    .map((item) => item.SK.slice(prefix.length));
};

/**
 * Gives existing locations their entry in the customer's list (their other attributes untouched; one
 * gone meanwhile is skipped), then moves the locations' stamp: the list a tree is built from changed.
 */
export const listLocations = async (customerId: string, locationIds: readonly string[]): Promise<void> => {
  for (let offset = 0; offset < locationIds.length; offset += 10) {
    await Promise.all(
      locationIds.slice(offset, offset + 10).map((locationId) =>
        dynamo.send(new UpdateCommand(updateOfAttributes(keys.location(customerId, locationId), keys.locationInList(customerId, locationId)))).catch((error: unknown) => {
          if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
        }),
      ),
    );
  }
  if (locationIds.length > 0) await moveLocationsStamp(customerId);
};

export const getLocation = async (customerId: string, locationId: string): Promise<Location | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.location(customerId, locationId) }));
  return answer.Item ? toLocation(answer.Item) : null;
};

/** The ids among these that are locations of the customer. */
export const existingLocationIds = async (customerId: string, locationIds: readonly string[]): Promise<Set<string>> => {
  const items = await getItems([...new Set(locationIds)].map((id) => keys.location(customerId, id)));
  return new Set(items.map((item) => toLocation(item)._id));
};

/** The customer's locations among these ids (those that do not exist are absent), 100 keys a call. */
export const getLocations = async (customerId: string, locationIds: readonly string[]): Promise<Location[]> =>
  (await getItems([...new Set(locationIds)].map((id) => keys.location(customerId, id)))).map(toLocation);

export const putLocation = async (location: Location): Promise<void> => {
  await writeLocationsInTransaction(location.customer, [{ Put: { TableName: entitiesTable(), Item: itemOf(location) } }]);
};

/** Puts many locations as they are, 25 per batch, then moves the stamp (a seeded customer; rewriting them replaces them). */
export const putLocations = async (locations: readonly Location[]): Promise<void> => {
  await putItems(locations.map(itemOf));
  for (const customerId of new Set(locations.map((location) => location.customer))) await moveLocationsStamp(customerId);
};

/**
 * Saves an edited location's fields, all but its position among its siblings (moves keep theirs)
 * and its maplytics settings (their own route sets them); it must still exist.
 */
export const updateLocationFields = async (location: Location): Promise<void> => {
  const { _id, customer, position: _position, maplytics_custom_settings: _settings, ...fields } = location;
  await writeLocationsInTransaction(customer, [{ Update: updateOfAttributes(keys.location(customer, _id), fields) }]);
};

/** Sets the parent and position of several existing locations (99 and the stamp per transaction), leaving their other fields to other writers. */
export const placeLocations = async (customerId: string, placements: readonly Pick<Location, '_id' | 'parent' | 'position'>[]): Promise<void> => {
  for (let offset = 0; offset < placements.length; offset += MOST_TRANSACTION_ITEMS - 1) {
    await writeLocationsInTransaction(
      customerId,
      placements.slice(offset, offset + MOST_TRANSACTION_ITEMS - 1).map(({ _id, parent, position }) => ({
        Update: {
          TableName: entitiesTable(),
          Key: keys.location(customerId, _id),
          UpdateExpression: 'SET parent = :parent, #position = :position',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#position': 'position' },
          ExpressionAttributeValues: { ':parent': parent, ':position': position },
        },
      })),
      { missing: 'throw' },
    );
  }
};

/** Sets a location's maplytics settings alone (they are part of the login payload's tree); a location that is gone is `not_found`. */
export const setLocationMaplyticsSettings = (customerId: string, locationId: string, settings: MaplyticsSettings): Promise<void> =>
  writeLocationsInTransaction(customerId, [{ Update: updateOfAttributes(keys.location(customerId, locationId), { maplytics_custom_settings: settings }) }]);

export const deleteLocation = async (customerId: string, locationId: string): Promise<void> => {
  await writeLocationsInTransaction(customerId, [{ Delete: { TableName: entitiesTable(), Key: keys.location(customerId, locationId) } }]);
};

/**
 * The stamp of a customer's locations (`keys.locationsStamp`): its version, which every writer of a
 * location moves, and when it last moved (ms since the epoch, the writer's clock).
 */
export interface LocationsStamp {
  version: string;
  movedAt: number;
}

/** The stamp moved: a new version. Every writer of a location puts it in the location's own transaction (or after a batch put). */
export const locationsStampUpdate = (customerId: string, now: number = Date.now()) => ({
  TableName: entitiesTable(),
  Key: keys.locationsStamp(customerId),
  UpdateExpression: 'SET #kind = :kind, #version = :version, moved_at = :moved',
  ExpressionAttributeNames: { '#kind': 'kind', '#version': 'version' },
  ExpressionAttributeValues: { ':kind': 'locations-stamp', ':version': randomUUID(), ':moved': now },
});

/** Moves the stamp alone: after locations written outside a transaction (a batch put, the list's migration). */
export const moveLocationsStamp = async (customerId: string): Promise<void> => {
  await dynamo.send(new UpdateCommand(locationsStampUpdate(customerId)));
};

const stampOf = (item: Record<string, unknown> | undefined): LocationsStamp | null =>
  typeof item?.version === 'string' && typeof item.moved_at === 'number' ? { version: item.version, movedAt: item.moved_at } : null;

/** The stamp (strongly consistent: a write acknowledged before is seen); null for a customer none of whose locations was written since stamps exist. */
export const readLocationsStamp = async (customerId: string): Promise<LocationsStamp | null> =>
  stampOf((await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.locationsStamp(customerId), ConsistentRead: true }))).Item);

/**
 * The stamp of a customer that had none (its locations written before stamps existed, or none yet):
 * created now, unless another reader or a writer made it first (then theirs).
 */
export const startLocationsStamp = async (customerId: string, now: number = Date.now()): Promise<LocationsStamp> => {
  const created = { version: randomUUID(), movedAt: now };
  try {
    await dynamo.send(
      new PutCommand({
        TableName: entitiesTable(),
        Item: { ...keys.locationsStamp(customerId), kind: 'locations-stamp', version: created.version, moved_at: now },
        ConditionExpression: 'attribute_not_exists(#version)',
        ExpressionAttributeNames: { '#version': 'version' },
      }),
    );
    return created;
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    return (await readLocationsStamp(customerId)) ?? created;
  }
};

/** Items a DynamoDB transaction may name (the stamp among them). */
const MOST_TRANSACTION_ITEMS = 100;

/** Tries of a transaction that another one held the stamp of before it is given up. */
const TRANSACTION_TRIES = 6;

type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

const cancellationCodes = (error: unknown): string[] => ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((reason) => reason.Code ?? '');

/**
 * A transaction writing a customer's locations, with their stamp moved (last: a cancelled
 * transaction's reasons keep the locations' places). Concurrent writes meet on the one stamp:
 * DynamoDB cancels all but one, and the others are tried again after a short random wait, up to
 * `TRANSACTION_TRIES` times, then answer 409 (`conflict`). A location's condition that failed (it
 * is gone) is `not_found`, or the cancellation as it came for `missing: 'throw'`.
 */
const writeLocationsInTransaction = async (customerId: string, items: TransactItems, { missing = 'not_found' }: { missing?: 'not_found' | 'throw' } = {}): Promise<void> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dynamo.send(new TransactWriteCommand({ TransactItems: [...items, { Update: locationsStampUpdate(customerId) }] }));
      return;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes.includes('ConditionalCheckFailed')) {
        if (missing === 'not_found') throw new AppError('not_found', { cause: error });
        throw error;
      }
      const conflict = (error as { name?: string }).name === 'TransactionConflictException' || codes.includes('TransactionConflict');
      if (!conflict) throw error;
      if (attempt >= TRANSACTION_TRIES) throw new AppError('conflict', { cause: error });
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
    }
  }
};
