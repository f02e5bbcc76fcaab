import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { OwnedKind } from '@shared/api/routes';
import type { Owned } from '@shared/permissions/ownership';
import { dynamo } from '../clients/dynamodb';
import { keys, stripKeys } from './keys';
import { entitiesTable } from './table';

/** An owned object of a customer by kind and id, or null: another customer's id is simply not there. */
export const getOwnedObject = async (customerId: string, kind: OwnedKind, id: string): Promise<(Owned & Record<string, unknown>) | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.owned(customerId, kind, id) }));
  return answer.Item ? (stripKeys(answer.Item) as Owned & Record<string, unknown>) : null;
};
