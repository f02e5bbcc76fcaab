import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../clients/dynamodb';
import { keys } from './keys';
import { entitiesTable } from './table';

export interface LoginAttempts {
  failures: number;
  /** Epoch seconds when the window (and the item, by TTL) ends. */
  expires_at: number;
}

export const getLoginAttempts = async (email: string): Promise<LoginAttempts | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.loginAttempts(email) }));
  return answer.Item ? { failures: Number(answer.Item.failures), expires_at: Number(answer.Item.expires_at) } : null;
};

/** Counts one failure atomically; a window that has ended starts again at one. */
export const recordLoginFailure = async (email: string, nowSeconds: number, windowSeconds: number): Promise<number> => {
  try {
    const answer = await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.loginAttempts(email),
        UpdateExpression: 'ADD failures :one SET expires_at = if_not_exists(expires_at, :end)',
        ConditionExpression: 'attribute_not_exists(expires_at) OR expires_at > :now',
        ExpressionAttributeValues: { ':one': 1, ':end': nowSeconds + windowSeconds, ':now': nowSeconds },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Number(answer.Attributes?.failures ?? 1);
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    await clearLoginAttempts(email);
    return recordLoginFailure(email, nowSeconds, windowSeconds);
  }
};

export const clearLoginAttempts = async (email: string): Promise<void> => {
  await dynamo.send(new DeleteCommand({ TableName: entitiesTable(), Key: keys.loginAttempts(email) }));
};
