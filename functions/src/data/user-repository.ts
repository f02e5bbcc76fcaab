import { GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '@shared/schemas/user';
import { languageOf, preferencesOf } from '@shared/schemas/preferences';
import { dynamo } from '../clients/dynamodb';
import { keys, stripKeys } from './keys';
import { entitiesTable, getItems, putItems, queryPrefix, updateAttributes } from './table';

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

const newUserItem = (user: NewUser): UserItem => ({
  ...keys.user(user.customer, user._id),
  ...keys.userEmailIndex(user.email),
  kind: 'user',
  ...user,
  language: languageOf(user.language),
  preferences: preferencesOf(user.preferences),
});

/**
 * A customer user's entry in its customer's list of users (`keys.userListEntry`), written and deleted
 * with the user; a super user has none (the super users' partition is a list of its own).
 */
export const userListEntryItem = (customerId: string, userId: string) => ({ ...keys.userListEntry(customerId, userId), kind: 'user-entry', user: userId });

const listEntryPuts = (user: Pick<StoredUser, '_id' | 'customer'>) =>
  user.customer ? [{ Put: { TableName: entitiesTable(), Item: userListEntryItem(user.customer, user._id) } }] : [];

/** Creates a user with its list entry; an e-mail already taken is refused by the caller beforehand. */
export const putUser = async (user: NewUser): Promise<void> => {
  await dynamo.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: entitiesTable(), Item: newUserItem(user) } }, ...listEntryPuts(user)] }));
};

/** Puts many users with their e-mails' guards and list entries, 25 items per batch: a seeded customer's, whose e-mails are its own (rewriting them replaces them). */
export const putUsersWithGuards = (users: readonly NewUser[]): Promise<void> =>
  putItems(
    users.flatMap((user) => [
      newUserItem(user),
      { ...keys.emailGuard(user.email), user: user._id },
      ...(user.customer ? [userListEntryItem(user.customer, user._id)] : []),
    ]),
  );

/**
 * The customer's users: their ids from the customer's list of users (a small partition), then the
 * users by key, strongly consistent both (the users screen shows a user right after its creation).
 * Users written before the list existed get their entry from the deploy's migration
 * (`functions/src/services/list-index-migration.ts`).
 */
export const listUsersOfCustomer = async (customerId: string): Promise<StoredUser[]> => {
  const { PK, prefix } = keys.userListOfCustomer(customerId);
  const ids = (await queryPrefix<{ SK: string }>(PK, prefix, { projection: 'SK', consistent: true })).map((entry) => entry.SK.slice(prefix.length));
  return (await getItems(ids.map((id) => keys.customerUser(customerId, id))))
    .filter((item) => item.kind === 'user')
    .map(toUser)
    .sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
};

/** The ids of the customer's users stored under its partition that have no list entry yet (the migration's read). */
export const unlistedUserIds = async (customerId: string): Promise<string[]> => {
  const stored = keys.usersOfCustomer(customerId);
  const listed = keys.userListOfCustomer(customerId);
  const [users, entries] = await Promise.all([
    queryPrefix<{ SK: string }>(stored.PK, stored.prefix, { projection: 'SK' }),
    queryPrefix<{ SK: string }>(listed.PK, listed.prefix, { projection: 'SK', consistent: true }),
  ]);
  const known = new Set(entries.map((entry) => entry.SK));
  return users.filter((user) => !known.has(user.SK)).map((user) => user.SK.slice(stored.prefix.length));
};

/** Writes list entries for these users of the customer (the same items a save writes). */
export const listUsers = (customerId: string, userIds: readonly string[]): Promise<void> =>
  putItems(userIds.map((userId) => userListEntryItem(customerId, userId)));

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

const isConditionFailure = (error: unknown): boolean =>
  (error as { name?: string }).name === 'ConditionalCheckFailedException' ||
  ((error as { name?: string }).name === 'TransactionCanceledException' &&
    ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).some((reason) => reason.Code === 'ConditionalCheckFailed'));

const userItem = (user: StoredUser): UserItem => ({
  ...keys.user(user.customer, user._id),
  ...keys.userEmailIndex(user.email),
  kind: 'user',
  ...user,
});

/**
 * Creates a user and claims its e-mail in one transaction: two creations with the same e-mail
 * at the same moment leave one user. False when the e-mail is already claimed.
 */
export const createUserClaimingEmail = async (user: StoredUser, extra: TransactWriteCommandInput['TransactItems'] = []): Promise<boolean> => {
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: entitiesTable(), Item: { ...keys.emailGuard(user.email), user: user._id }, ConditionExpression: 'attribute_not_exists(PK)' } },
          { Put: { TableName: entitiesTable(), Item: userItem(user), ConditionExpression: 'attribute_not_exists(PK)' } },
          ...listEntryPuts(user),
          ...(extra ?? []),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/**
 * Replaces a user as edited: moves it when its home partition changes (a customer user made a
 * super user) and moves its e-mail claim when the e-mail changes. False when the new e-mail is
 * claimed by someone else, or the user has gone meanwhile.
 */
export const replaceUser = async (previous: StoredUser, next: StoredUser): Promise<boolean> => {
  const table = entitiesTable();
  const before = keys.user(previous.customer, previous._id);
  const after = keys.user(next.customer, next._id);
  const moved = before.PK !== after.PK;
  const emailChanged = previous.email.toLowerCase() !== next.email.toLowerCase();
  const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [
    ...(moved ? [{ Delete: { TableName: table, Key: before, ConditionExpression: 'attribute_exists(PK)' } }] : []),
    { Put: { TableName: table, Item: userItem(next), ConditionExpression: moved ? 'attribute_not_exists(PK)' : 'attribute_exists(PK)' } },
    // The list entry follows the user (put again when it stays: the same item).
    ...(moved && previous.customer ? [{ Delete: { TableName: table, Key: keys.userListEntry(previous.customer, previous._id) } }] : []),
    ...listEntryPuts(next),
    ...(emailChanged
      ? [
          { Put: { TableName: table, Item: { ...keys.emailGuard(next.email), user: next._id }, ConditionExpression: 'attribute_not_exists(PK)' } },
          { Delete: { TableName: table, Key: keys.emailGuard(previous.email) } },
        ]
      : []),
  ];
  try {
    await dynamo.send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/** Deletes a user and frees its e-mail. */
export const deleteUser = async (user: StoredUser): Promise<void> => {
  await dynamo.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: entitiesTable(), Key: keys.user(user.customer, user._id) } },
        { Delete: { TableName: entitiesTable(), Key: keys.emailGuard(user.email) } },
        ...(user.customer ? [{ Delete: { TableName: entitiesTable(), Key: keys.userListEntry(user.customer, user._id) } }] : []),
      ],
    }),
  );
};

/** Sets a user's password hash, if the user still exists. */
export const setPasswordHash = async (homeCustomerId: string | null, userId: string, passwordHash: string): Promise<boolean> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.user(homeCustomerId, userId),
        UpdateExpression: 'SET password_hash = :hash',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':hash': passwordHash },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
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

/** The profile's own attributes (names, language, preferences, picture, password hash), set on the existing user only. */
export type ProfileAttributes = Partial<Pick<StoredUser, 'first_name' | 'last_name' | 'language' | 'preferences' | 'picture' | 'picture_key' | 'password_hash'>>;

export const updateUserProfile = (homeCustomerId: string | null, userId: string, values: ProfileAttributes): Promise<void> =>
  updateAttributes(keys.user(homeCustomerId, userId), values);
