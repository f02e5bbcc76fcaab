import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Location } from '@shared/schemas/location';
import { dynamo } from '../clients/dynamodb';
import { keys, stripKeys } from './keys';
import { entitiesTable, queryPrefix } from './table';

export const listLocationsOfCustomer = async (customerId: string): Promise<Location[]> => {
  const { PK, prefix } = keys.locationsOfCustomer(customerId);
  return (await queryPrefix<Record<string, unknown>>(PK, prefix))
    .map((item) => stripKeys(item) as unknown as Location)
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
};

export const putLocation = async (location: Location): Promise<void> => {
  await dynamo.send(
    new PutCommand({
      TableName: entitiesTable(),
      Item: { ...keys.location(location.customer, location._id), kind: 'location', ...location },
    }),
  );
};
