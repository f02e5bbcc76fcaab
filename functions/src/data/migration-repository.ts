import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../clients/dynamodb';
import { keys } from './keys';
import { entitiesTable } from './table';

/**
 * One-time migrations of what an earlier version made (keys.migration): each records the value it
 * was done for (a migration to a new queue is done again for the next queue).
 */
export const migrationDoneFor = async (name: string): Promise<string | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.migration(name), ConsistentRead: true }));
  return typeof answer.Item?.value === 'string' ? answer.Item.value : null;
};

export const recordMigrationDone = async (name: string, value: string): Promise<void> => {
  await dynamo.send(new PutCommand({ TableName: entitiesTable(), Item: { ...keys.migration(name), value, done_at: new Date().toISOString() } }));
};

/** Where a resumable migration stopped (its own shape), none before its first run. */
export const migrationProgress = async <T>(name: string): Promise<T | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.migration(name), ConsistentRead: true }));
  return (answer.Item?.progress as T | undefined) ?? null;
};

/** Keeps where a resumable migration stopped, until it is done (`recordMigrationDone`). */
export const recordMigrationProgress = async (name: string, progress: unknown): Promise<void> => {
  await dynamo.send(new PutCommand({ TableName: entitiesTable(), Item: { ...keys.migration(name), progress, updated_at: new Date().toISOString() } }));
};
