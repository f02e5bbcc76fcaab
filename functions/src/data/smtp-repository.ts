import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SmtpSettingsValues } from '@shared/schemas/smtp';
import { dynamo } from '../clients/dynamodb';
import { keys, stripKeys } from './keys';
import { entitiesTable } from './table';

/** Whose settings: a customer's own, or the product's (`system`). */
export type SmtpOwner = { customerId: string } | 'system';

/** Settings as stored: the password sealed for its owner (never answered), or null when none was given. */
export type StoredSmtpSettings = Omit<SmtpSettingsValues, 'password'> & { password_sealed: string | null; updated_at: string };

const keyOf = (owner: SmtpOwner) => (owner === 'system' ? keys.systemSmtp : keys.customerSmtp(owner.customerId));

export const getSmtpSettings = async (owner: SmtpOwner): Promise<StoredSmtpSettings | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keyOf(owner), ConsistentRead: true }));
  return answer.Item ? (stripKeys(answer.Item) as unknown as StoredSmtpSettings) : null;
};

/** One item per owner, replaced as a whole: a save is the whole form. */
export const putSmtpSettings = async (owner: SmtpOwner, settings: StoredSmtpSettings): Promise<void> => {
  await dynamo.send(new PutCommand({ TableName: entitiesTable(), Item: { ...keyOf(owner), kind: 'smtp', ...settings } }));
};
