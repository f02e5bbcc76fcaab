import { QueryCommand } from '@aws-sdk/lib-dynamodb';
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
