import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { MaplyticsSettings } from '@shared/maplytics/levels';
import type { Location } from '@shared/schemas/location';
import { dynamo } from '../clients/dynamodb';
import { keys, stripKeys } from './keys';
import { entitiesTable, getItems, putItems, queryPrefix, updateAttributes } from './table';

/** Items written before maplytics settings existed read as following the defaults. */
const toLocation = (item: Record<string, unknown>): Location => {
  const location = stripKeys(item) as unknown as Location;
  return { ...location, maplytics_custom_settings: location.maplytics_custom_settings ?? { levels: null } };
};

const itemOf = (location: Location) => ({ ...keys.location(location.customer, location._id), kind: 'location', ...location });

export const listLocationsOfCustomer = async (customerId: string): Promise<Location[]> => {
  const { PK, prefix } = keys.locationsOfCustomer(customerId);
  return (await queryPrefix<Record<string, unknown>>(PK, prefix))
    .map(toLocation)
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
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
