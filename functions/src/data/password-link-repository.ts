import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { PasswordLinkPurpose } from '@shared/users/user-rules';
import { dynamo } from '../clients/dynamodb';
import { keys } from './keys';
import { entitiesTable } from './table';

/** Whose password a link sets; stored under the hash of its token, gone by TTL after `expires_at`. */
export interface PasswordLink {
  user: string;
  home: string | null;
  purpose: PasswordLinkPurpose;
  /** Epoch seconds. */
  expires_at: number;
}

/** The Put of a new link, for the transaction that writes it with its e-mail (outbox record) and, for an invitation, the user. */
export const passwordLinkPut = (tokenHash: string, link: PasswordLink) => ({
  Put: { TableName: entitiesTable(), Item: { ...keys.passwordLink(tokenHash), kind: 'password-link', ...link }, ConditionExpression: 'attribute_not_exists(PK)' },
});

/**
 * Takes a link: deletes it only if it exists and has not expired, in one conditional call, so
 * that a link works exactly once. Null for an unknown, used or expired link.
 */
export const takePasswordLink = async (tokenHash: string, nowSeconds: number): Promise<PasswordLink | null> => {
  try {
    const answer = await dynamo.send(
      new DeleteCommand({
        TableName: entitiesTable(),
        Key: keys.passwordLink(tokenHash),
        ConditionExpression: 'attribute_exists(PK) AND expires_at > :now',
        ExpressionAttributeValues: { ':now': nowSeconds },
        ReturnValues: 'ALL_OLD',
      }),
    );
    const item = answer.Attributes;
    return item ? { user: String(item.user), home: (item.home as string | null) ?? null, purpose: item.purpose as PasswordLinkPurpose, expires_at: Number(item.expires_at) } : null;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
};
