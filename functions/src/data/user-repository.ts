import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '@shared/schemas/user';
import { dynamo } from '../clients/dynamodb';
import { keys, stripKeys } from './keys';
import { entitiesTable, queryPrefix } from './table';

export interface StoredUser extends User {
  password_hash: string;
}

type UserItem = StoredUser & Record<string, unknown>;

const toUser = (item: Record<string, unknown>): StoredUser => stripKeys(item) as unknown as StoredUser;

export const getUser = async (homeCustomerId: string | null, userId: string): Promise<StoredUser | null> => {
  const answer = await dynamo.send(
    new GetCommand({ TableName: entitiesTable(), Key: keys.user(homeCustomerId, userId) }),
  );
  return answer.Item ? toUser(answer.Item) : null;
};

export const findUserByEmail = async (email: string): Promise<StoredUser | null> => {
  const index = keys.userEmailIndex(email);
  const answer = await dynamo.send(
    new QueryCommand({
      TableName: entitiesTable(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK = :sk',
      ExpressionAttributeValues: { ':pk': index.GSI1PK, ':sk': index.GSI1SK },
      Limit: 1,
    }),
  );
  const item = answer.Items?.[0];
  return item ? toUser(item) : null;
};

/** Creates a user; an e-mail already taken is refused by the caller beforehand. */
export const putUser = async (user: StoredUser): Promise<void> => {
  const item: UserItem = {
    ...keys.user(user.customer, user._id),
    ...keys.userEmailIndex(user.email),
    kind: 'user',
    ...user,
  };
  await dynamo.send(new PutCommand({ TableName: entitiesTable(), Item: item }));
};

export const listUsersOfCustomer = async (customerId: string): Promise<StoredUser[]> => {
  const { PK, prefix } = keys.usersOfCustomer(customerId);
  return (await queryPrefix<Record<string, unknown>>(PK, prefix)).map(toUser);
};

export const listSuperUsers = async (): Promise<StoredUser[]> =>
  (await queryPrefix<Record<string, unknown>>(keys.superUsers.PK, keys.superUsers.prefix)).map(toUser);

export const setLastNotificationRead = async (
  homeCustomerId: string | null,
  userId: string,
  at: string,
): Promise<void> => {
  await dynamo.send(
    new UpdateCommand({
      TableName: entitiesTable(),
      Key: keys.user(homeCustomerId, userId),
      UpdateExpression: 'SET last_notification_read = :at',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':at': at },
    }),
  );
};

/**
 * Notes a sign-in on the user: the date always, and the count on a sign-in with a password (a
 * renewed session or a change of customer is the same visit). Conditional: a user removed
 * meanwhile is not written back.
 */
export const recordSignIn = async (homeCustomerId: string | null, userId: string, at: string, counted: boolean): Promise<void> => {
  await dynamo.send(
    new UpdateCommand({
      TableName: entitiesTable(),
      Key: keys.user(homeCustomerId, userId),
      UpdateExpression: counted ? 'SET last_login_at = :at ADD login_count :one' : 'SET last_login_at = :at',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: counted ? { ':at': at, ':one': 1 } : { ':at': at },
    }),
  );
};
