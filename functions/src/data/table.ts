import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../errors';
import { requireSetting } from '../config';
import { dynamo } from '../clients/dynamodb';

export const entitiesTable = (): string => requireSetting('ENTITIES_TABLE');

/** All items of a partition whose sort key starts with a prefix, following pagination. */
export const queryPrefix = async <T>(PK: string, prefix: string): Promise<T[]> => {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new QueryCommand({
        TableName: entitiesTable(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix },
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as T[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
};

/** All items of a GSI1 partition, following pagination. */
export const queryIndex = async <T>(GSI1PK: string): Promise<T[]> => {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new QueryCommand({
        TableName: entitiesTable(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': GSI1PK },
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as T[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
};

/**
 * An update of the named attributes of an existing item only (it must still exist), so that
 * writers of its other attributes are never undone by a save of an earlier read.
 */
export const updateOfAttributes = (key: { PK: string; SK: string }, values: Record<string, unknown>) => {
  const names = Object.keys(values);
  return {
    TableName: entitiesTable(),
    Key: key,
    UpdateExpression: `SET ${names.map((_, index) => `#n${index} = :v${index}`).join(', ')}`,
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#n${index}`, name])),
    ExpressionAttributeValues: Object.fromEntries(names.map((name, index) => [`:v${index}`, values[name]])),
  };
};

/** Sets attributes of an existing item (see `updateOfAttributes`); a missing item is `not_found`. */
export const updateAttributes = async (key: { PK: string; SK: string }, values: Record<string, unknown>): Promise<void> => {
  try {
    await dynamo.send(new UpdateCommand(updateOfAttributes(key, values)));
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new AppError('not_found', { cause: error });
    throw error;
  }
};
