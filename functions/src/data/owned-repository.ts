import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { OwnedKind } from '@shared/api/routes';
import type { Owned } from '@shared/permissions/ownership';
import { dynamo } from '../clients/dynamodb';
import { keys, stripKeys } from './keys';
import { entitiesTable, queryPrefix, updateAttributes } from './table';

/** An owned object of a customer by kind and id, or null: another customer's id is simply not there. */
export const getOwnedObject = async (customerId: string, kind: OwnedKind, id: string): Promise<(Owned & Record<string, unknown>) | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.owned(customerId, kind, id) }));
  return answer.Item ? (stripKeys(answer.Item) as Owned & Record<string, unknown>) : null;
};

interface StoredOwned {
  _id: string;
  customer: string;
  created_at: string;
}

/**
 * The items of one kind of owned object under the customer's partition (`<PREFIX><id>`): listed by
 * one Query, read consistently, created only when new, saved field by field only while they exist
 * (a deleted object stays deleted), deleted.
 */
export const ownedItems = <Item extends StoredOwned>(kind: OwnedKind) => {
  const fromItem = (item: Record<string, unknown>): Item => stripKeys(item) as unknown as Item;
  return {
    list: async (customerId: string): Promise<Item[]> => {
      const { PK, prefix } = keys.ownedOfCustomer(customerId, kind);
      return (await queryPrefix<Record<string, unknown>>(PK, prefix, { consistent: true })).map(fromItem);
    },
    get: async (customerId: string, id: string): Promise<Item | null> => {
      const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.owned(customerId, kind, id), ConsistentRead: true }));
      return answer.Item ? fromItem(answer.Item) : null;
    },
    putNew: async (item: Item): Promise<void> => {
      await dynamo.send(
        new PutCommand({ TableName: entitiesTable(), Item: { ...keys.owned(item.customer, kind, item._id), kind, ...item }, ConditionExpression: 'attribute_not_exists(PK)' }),
      );
    },
    save: (item: Item): Promise<void> => {
      const { _id, customer, created_at: _created, ...fields } = item;
      return updateAttributes(keys.owned(customer, kind, _id), fields);
    },
    remove: async (customerId: string, id: string): Promise<void> => {
      await dynamo.send(new DeleteCommand({ TableName: entitiesTable(), Key: keys.owned(customerId, kind, id) }));
    },
  };
};
