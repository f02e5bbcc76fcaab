import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Subscription } from '@shared/schemas/subscription';
import { dynamo } from '../clients/dynamodb';
import { keys, stripKeys } from './keys';
import { ownedItems } from './owned-repository';
import { entitiesTable } from './table';

const subscriptions = ownedItems<Subscription>('subscription');

export const listSubscriptionsOfCustomer = async (customerId: string): Promise<Subscription[]> =>
  (await subscriptions.list(customerId)).sort((a, b) => a.name.localeCompare(b.name) || a.created_at.localeCompare(b.created_at));
export const getSubscription = subscriptions.get;
export const putNewSubscription = subscriptions.putNew;
/** Saves what a user edits; a deleted subscription stays deleted. */
export const saveSubscription = subscriptions.save;
export const deleteSubscription = subscriptions.remove;

/**
 * Where the sending of one due time stands: `rendering` (claimed, nothing sent yet), `mailing`
 * (the e-mail is being handed over: a run that died here may have sent it) or `sent`.
 */
export type SendingState = 'rendering' | 'mailing' | 'sent';

export interface SubscriptionSending {
  subscription: string;
  due: string;
  state: SendingState;
  /** Names the run that holds the claim: only it moves the marker on or gives it back. */
  claim: string;
  claimed_at: string;
  message_id?: string;
  sent_at?: string;
  /** TTL (epoch seconds): once the next due time has come, no run can name this one again. */
  expires_at: number;
}

const isConditionFailure = (error: unknown): boolean =>
  error instanceof ConditionalCheckFailedException || (error as { name?: string }).name === 'ConditionalCheckFailedException';

const getSending = async (customerId: string, subscriptionId: string, due: string): Promise<SubscriptionSending | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.subscriptionSending(customerId, subscriptionId, due), ConsistentRead: true }));
  return answer.Item ? (stripKeys(answer.Item) as unknown as SubscriptionSending) : null;
};

/**
 * Claims the sending of a due time: written only when no run claimed it yet, or when the run that
 * did died before it started mailing (`rendering` claimed before `staleBefore`). True when this
 * run holds the claim; otherwise the marker that stands in its way.
 */
export const claimSubscriptionSending = async (
  customerId: string,
  sending: Omit<SubscriptionSending, 'state'>,
  staleBefore: string,
): Promise<true | SubscriptionSending> => {
  try {
    await dynamo.send(
      new PutCommand({
        TableName: entitiesTable(),
        Item: { ...keys.subscriptionSending(customerId, sending.subscription, sending.due), kind: 'subscription-sending', ...sending, state: 'rendering' },
        ConditionExpression: 'attribute_not_exists(PK) OR (#state = :rendering AND claimed_at < :stale)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':rendering': 'rendering', ':stale': staleBefore },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const existing = await getSending(customerId, sending.subscription, sending.due);
    // Gone between the two calls (given back by its run): the next run may claim it.
    return existing ?? { ...sending, state: 'rendering' };
  }
};

/** Moves a claimed sending on (`mailing`, then `sent`), only for the run that holds the claim. */
export const advanceSubscriptionSending = async (
  customerId: string,
  sending: Pick<SubscriptionSending, 'subscription' | 'due' | 'claim'>,
  state: Exclude<SendingState, 'rendering'>,
  extra: Partial<Pick<SubscriptionSending, 'message_id' | 'sent_at'>> = {},
): Promise<void> => {
  const values = { state, ...extra };
  const names = Object.keys(values);
  await dynamo.send(
    new UpdateCommand({
      TableName: entitiesTable(),
      Key: keys.subscriptionSending(customerId, sending.subscription, sending.due),
      UpdateExpression: `SET ${names.map((_, index) => `#n${index} = :v${index}`).join(', ')}`,
      ConditionExpression: 'claim = :claim',
      ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#n${index}`, name])),
      ExpressionAttributeValues: { ':claim': sending.claim, ...Object.fromEntries(names.map((name, index) => [`:v${index}`, values[name as keyof typeof values]])) },
    }),
  );
};

/** Gives back a claim whose e-mail was certainly not sent, so that a later run for the same due time may send it. */
export const releaseSubscriptionSending = async (customerId: string, sending: Pick<SubscriptionSending, 'subscription' | 'due' | 'claim'>): Promise<void> => {
  try {
    await dynamo.send(
      new DeleteCommand({
        TableName: entitiesTable(),
        Key: keys.subscriptionSending(customerId, sending.subscription, sending.due),
        ConditionExpression: 'claim = :claim',
        ExpressionAttributeValues: { ':claim': sending.claim },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
};
