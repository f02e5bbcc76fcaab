import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../clients/dynamodb';
import { keys } from './keys';
import { entitiesTable } from './table';

export interface ThrottleWindow {
  action: string;
  scope: string;
  subject: string;
  /** Epoch seconds when the window starts, and when it ends (the item goes by TTL). */
  start: number;
  end: number;
}

const keyOf = (window: ThrottleWindow) => keys.throttleWindow(window.action, window.scope, window.subject, window.start);

/**
 * Takes `cost` of a window's `limit` tries in one conditional update: counted only while they fit,
 * so that a refused try writes nothing and two at once never both take the last one.
 */
export const takeThrottleTry = async (window: ThrottleWindow, limit: number, cost = 1): Promise<boolean> => {
  if (cost > limit) return false;
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keyOf(window),
        UpdateExpression: 'ADD tries :cost SET expires_at = :end, kind = :kind',
        ConditionExpression: 'attribute_not_exists(tries) OR tries <= :room',
        ExpressionAttributeValues: { ':cost': cost, ':end': window.end, ':kind': 'throttle', ':room': limit - cost },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
};

/** Gives a try back (a sign-in that succeeded does not count), never below zero. */
export const giveBackThrottleTry = async (window: ThrottleWindow): Promise<void> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keyOf(window),
        UpdateExpression: 'ADD tries :minusOne',
        ConditionExpression: 'tries > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
  }
};
