import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { MaplyticsSettings } from '@shared/maplytics/levels';
import type { Location } from '@shared/schemas/location';
import { dynamo } from '../clients/dynamodb';
import { AppError } from '../errors';
import { keys, stripKeys } from './keys';
import { entitiesTable, getItems, putItems, queryIndex, queryPrefix, updateAttributes } from './table';

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

/** Gives existing locations their entry in the customer's list (their other attributes untouched; one gone meanwhile is skipped). */
export const listLocations = async (customerId: string, locationIds: readonly string[]): Promise<void> => {
  for (let offset = 0; offset < locationIds.length; offset += 10) {
    await Promise.all(
      locationIds.slice(offset, offset + 10).map((locationId) =>
        updateAttributes(keys.location(customerId, locationId), keys.locationInList(customerId, locationId)).catch((error: unknown) => {
          if (!(error instanceof AppError && error.code === 'not_found')) throw error;
        }),
      ),
    );
  }
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
  await dynamo.send(new PutCommand({ TableName: entitiesTable(), Item: itemOf(location) }));
};

/** Puts many locations as they are, 25 per batch (a seeded customer; rewriting them replaces them). */
export const putLocations = (locations: readonly Location[]): Promise<void> => putItems(locations.map(itemOf));

/**
 * Saves an edited location's fields, all but its position among its siblings (moves keep theirs)
 * and its maplytics settings (their own route sets them); it must still exist.
 */
export const updateLocationFields = async (location: Location): Promise<void> => {
  const { _id, customer, position: _position, maplytics_custom_settings: _settings, ...fields } = location;
  await updateAttributes(keys.location(customer, _id), fields);
};

/** Sets the parent and position of several existing locations (100 per transaction), leaving their other fields to other writers. */
export const placeLocations = async (customerId: string, placements: readonly Pick<Location, '_id' | 'parent' | 'position'>[]): Promise<void> => {
  for (let offset = 0; offset < placements.length; offset += 100) {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: placements.slice(offset, offset + 100).map(({ _id, parent, position }) => ({
          Update: {
            TableName: entitiesTable(),
            Key: keys.location(customerId, _id),
            UpdateExpression: 'SET parent = :parent, #position = :position',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeNames: { '#position': 'position' },
            ExpressionAttributeValues: { ':parent': parent, ':position': position },
          },
        })),
      }),
    );
  }
};

/** Sets a location's maplytics settings alone; a location that is gone is `not_found`. */
export const setLocationMaplyticsSettings = (customerId: string, locationId: string, settings: MaplyticsSettings): Promise<void> =>
  updateAttributes(keys.location(customerId, locationId), { maplytics_custom_settings: settings });

export const deleteLocation = async (customerId: string, locationId: string): Promise<void> => {
  await dynamo.send(new DeleteCommand({ TableName: entitiesTable(), Key: keys.location(customerId, locationId) }));
};
