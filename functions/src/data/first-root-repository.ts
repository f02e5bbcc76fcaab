import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../clients/dynamodb';
import { keys } from './keys';
import { entitiesTable } from './table';

/** Which root administrator the deployment made, and when. */
export interface FirstRootRecord {
  user: string;
  email: string;
  created_at: string;
}

export const getFirstRootRecord = async (): Promise<FirstRootRecord | null> => {
  const { Item } = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.firstRoot }));
  return Item ? { user: String(Item.user), email: String(Item.email), created_at: String(Item.created_at) } : null;
};

/** The record's Put, for the transaction that makes the user: a second one (a concurrent run) fails the whole transaction. */
export const firstRootPut = (record: FirstRootRecord) => ({
  Put: { TableName: entitiesTable(), Item: { ...keys.firstRoot, kind: 'first-root', ...record }, ConditionExpression: 'attribute_not_exists(PK)' },
});
