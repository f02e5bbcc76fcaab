import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DUMP_SCOPES, DUMP_STATES } from '@shared/schemas/application';
import { dynamo } from '../clients/dynamodb';
import { keys } from './keys';
import { entitiesTable } from './table';

/** The latest dump of a scope, as its job records it. */
export interface StoredDump {
  job: string;
  scope: (typeof DUMP_SCOPES)[number];
  customer: string | null;
  state: (typeof DUMP_STATES)[number];
  items: number;
  done: number;
  total: number;
  table: 'entities' | 'series' | null;
  /** Its file in the documents bucket. */
  object_key: string;
  file_name: string;
  started_at: string;
  finished_at: string | null;
  /** Epoch ms of the job's last sign of life: a dump silent for longer than a run can last is not under way any more. */
  heartbeat_at: number;
}

const dumpOf = (item: Record<string, unknown>): StoredDump => {
  const { PK: _pk, SK: _sk, kind: _kind, ...dump } = item;
  return dump as unknown as StoredDump;
};

/**
 * Records a new dump as the scope's latest, in one conditional write: only when no dump of the
 * scope is under way (or the one under way has shown no life since `staleBefore`). Otherwise the
 * dump under way is answered and nothing changes.
 */
export const claimDump = async (dump: StoredDump, staleBefore: number): Promise<{ started: boolean; dump: StoredDump }> => {
  const key = keys.databaseDump(dump.customer);
  try {
    await dynamo.send(
      new PutCommand({
        TableName: entitiesTable(),
        Item: { ...key, kind: 'database-dump', ...dump },
        ConditionExpression: 'attribute_not_exists(PK) OR #state <> :running OR heartbeat_at < :stale',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':running': 'running', ':stale': staleBefore },
      }),
    );
    return { started: true, dump };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const current = await getDump(dump.customer);
    if (!current) return claimDump(dump, staleBefore);
    return { started: false, dump: current };
  }
};

export const getDump = async (customerId: string | null): Promise<StoredDump | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.databaseDump(customerId), ConsistentRead: true }));
  return answer.Item ? dumpOf(answer.Item) : null;
};

/** Records a dump's progress or end, if it is still the scope's latest; false when a newer one replaced it. */
export const updateDump = async (
  customerId: string | null,
  job: string,
  fields: Partial<Pick<StoredDump, 'state' | 'items' | 'done' | 'total' | 'table' | 'finished_at' | 'heartbeat_at'>>,
): Promise<boolean> => {
  const names = Object.keys(fields);
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.databaseDump(customerId),
        UpdateExpression: `SET ${names.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
        ConditionExpression: 'job = :job',
        ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#f${index}`, name])),
        ExpressionAttributeValues: { ':job': job, ...Object.fromEntries(Object.values(fields).map((value, index) => [`:v${index}`, value])) },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};
