import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Subscription } from '@shared/schemas/subscription';
import { dynamo } from '../clients/dynamodb';
import { keys, stripKeys } from './keys';
import { outboxRecordPut, type OutboxRecord } from './outbox-repository';
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
 * Where the sending of one due time stands: `rendering` (claimed, the PDF is being made, nothing
 * sent yet), `mailing` (handed over to the outbox, which sends it: README "Outbox") or `sent`.
 */
export type SendingState = 'rendering' | 'mailing' | 'sent';

export interface SubscriptionSending {
  subscription: string;
  due: string;
  state: SendingState;
  /** Names the run that holds the claim: only it moves the marker on or gives it back. */
  claim: string;
  claimed_at: string;
  /** The outbox record of its e-mail, once handed over. */
  outbox_record?: string;
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

/**
 * Hands a claimed sending over to the outbox, in one transaction: the marker moves to `mailing`
 * (only for the run that holds the claim) and the e-mail's outbox record is written. From then on
 * the outbox sends it, retried until sent.
 */
export const handOverSubscriptionSending = async (customerId: string, sending: Pick<SubscriptionSending, 'subscription' | 'due' | 'claim'>, record: OutboxRecord): Promise<void> => {
  await dynamo.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: entitiesTable(),
            Key: keys.subscriptionSending(customerId, sending.subscription, sending.due),
            UpdateExpression: 'SET #state = :mailing, outbox_record = :record',
            ConditionExpression: 'claim = :claim AND #state = :rendering',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':mailing': 'mailing', ':rendering': 'rendering', ':claim': sending.claim, ':record': record._id },
          },
        },
        outboxRecordPut(record),
      ],
    }),
  );
};

/** Closes a sending whose outbox e-mail was sent (whichever run or sweep sent it). */
export const markSubscriptionSendingSent = async (customerId: string, subscriptionId: string, due: string, sentAt: string): Promise<void> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.subscriptionSending(customerId, subscriptionId, due),
        UpdateExpression: 'SET #state = :sent, sent_at = :at',
        ConditionExpression: '#state = :mailing',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':sent': 'sent', ':mailing': 'mailing', ':at': sentAt },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
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
