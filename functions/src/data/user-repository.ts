import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '@shared/schemas/user';
import { languageOf, preferencesOf } from '@shared/schemas/preferences';
import { dynamo } from '../clients/dynamodb';
import { keys, stripKeys } from './keys';
import { entitiesTable, queryPrefix, updateAttributes } from './table';

export interface StoredUser extends User {
  password_hash: string;
  /** The uploaded profile picture's object in the documents bucket; none for the default avatar. */
  picture_key?: string | null;
}

type UserItem = StoredUser & Record<string, unknown>;

// Users stored before the profile's language and preferences existed read as the defaults.
const toUser = (item: Record<string, unknown>): StoredUser => {
  const user = stripKeys(item) as unknown as StoredUser;
  return { ...user, language: languageOf(user.language), preferences: preferencesOf(user.preferences) };
};

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

/** A user being created: without a language or preferences, the defaults are stored. */
export type NewUser = Omit<StoredUser, 'language' | 'preferences'> & Partial<Pick<StoredUser, 'language' | 'preferences'>>;

/** Creates a user; an e-mail already taken is refused by the caller beforehand. */
export const putUser = async (user: NewUser): Promise<void> => {
  const item: UserItem = {
    ...keys.user(user.customer, user._id),
    ...keys.userEmailIndex(user.email),
    kind: 'user',
    ...user,
    language: languageOf(user.language),
    preferences: preferencesOf(user.preferences),
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

/** The profile's own attributes (names, language, preferences, picture, password hash), set on the existing user only. */
export type ProfileAttributes = Partial<Pick<StoredUser, 'first_name' | 'last_name' | 'language' | 'preferences' | 'picture' | 'picture_key' | 'password_hash'>>;

export const updateUserProfile = (homeCustomerId: string | null, userId: string, values: ProfileAttributes): Promise<void> =>
  updateAttributes(keys.user(homeCustomerId, userId), values);
