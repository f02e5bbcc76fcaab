import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Location } from '@shared/schemas/location';
import { dynamo } from '../clients/dynamodb';
import { keys, stripKeys } from './keys';
import { entitiesTable, queryPrefix, updateAttributes } from './table';

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

/** Saves an edited location's fields, all but its position among its siblings (moves keep theirs); it must still exist. */
export const updateLocationFields = async (location: Location): Promise<void> => {
  const { _id, customer, position: _position, ...fields } = location;
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

export const deleteLocation = async (customerId: string, locationId: string): Promise<void> => {
  await dynamo.send(new DeleteCommand({ TableName: entitiesTable(), Key: keys.location(customerId, locationId) }));
};
