import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Location } from '@shared/schemas/location';
import { dynamo } from '../clients/dynamodb';
import { keys, stripKeys } from './keys';
import { entitiesTable, queryPrefix } from './table';

const toLocation = (item: Record<string, unknown>): Location => stripKeys(item) as unknown as Location;

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

export const putLocation = async (location: Location): Promise<void> => {
  await dynamo.send(new PutCommand({ TableName: entitiesTable(), Item: itemOf(location) }));
};

/** Writes several locations at once, all or nothing (at most 100). */
export const putLocations = async (locations: readonly Location[]): Promise<void> => {
  if (locations.length === 0) return;
  await dynamo.send(
    new TransactWriteCommand({
      TransactItems: locations.map((location) => ({ Put: { TableName: entitiesTable(), Item: itemOf(location) } })),
    }),
  );
};

export const deleteLocation = async (customerId: string, locationId: string): Promise<void> => {
  await dynamo.send(new DeleteCommand({ TableName: entitiesTable(), Key: keys.location(customerId, locationId) }));
};
