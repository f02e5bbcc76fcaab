import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Registration } from '@shared/schemas/user-admin';
import { dynamo } from '../clients/dynamodb';
import { keys, stripKeys } from './keys';
import { entitiesTable, queryEvery, queryPrefix } from './table';

export interface StoredRegistration extends Registration {
  password_hash: string;
}

const toRegistration = (item: Record<string, unknown>): StoredRegistration => stripKeys(item) as unknown as StoredRegistration;

/** The Put of a new registration, for the transaction that writes it with the administrators' notices (outbox records). */
export const registrationPut = (registration: StoredRegistration) => ({
  Put: { TableName: entitiesTable(), Item: { ...keys.registration(registration._id), kind: 'registration', ...registration }, ConditionExpression: 'attribute_not_exists(PK)' },
});

export const getRegistration = async (registrationId: string): Promise<StoredRegistration | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.registration(registrationId) }));
  return answer.Item ? toRegistration(answer.Item) : null;
};

export const listRegistrations = async (): Promise<StoredRegistration[]> =>
  (await queryPrefix<Record<string, unknown>>(keys.registrations.PK, keys.registrations.prefix)).map(toRegistration);

/** A pending registration of an e-mail, if one is waiting already. */
export const findRegistrationByEmail = async (email: string): Promise<StoredRegistration | null> => {
  // Every page: past 1 MB of pending registrations, the one sought may be on a later page.
  const [item] = await queryEvery<Record<string, unknown>>({
    TableName: entitiesTable(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    FilterExpression: 'email = :email',
    ExpressionAttributeValues: { ':pk': keys.registrations.PK, ':prefix': keys.registrations.prefix, ':email': email.toLowerCase() },
  });
  return item ? toRegistration(item) : null;
};

/** The transaction step that takes a registration away, only if it is still waiting. */
export const registrationTakenStep = (registrationId: string) => ({
  Delete: { TableName: entitiesTable(), Key: keys.registration(registrationId), ConditionExpression: 'attribute_exists(PK)' },
});


export const deleteRegistration = async (registrationId: string): Promise<void> => {
  await dynamo.send(new DeleteCommand({ TableName: entitiesTable(), Key: keys.registration(registrationId) }));
};
