import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CustomerDeletionStep } from '@shared/schemas/customer';
import { dynamo } from '../clients/dynamodb';
import { AppError } from '../errors';
import { keys } from './keys';
import { batchWrite, entitiesTable } from './table';

/**
 * A deletion's checkpoint, kept on the customer item (so it goes with it): the job that owns the
 * deletion, its step and where in the step it stopped, the runs of the function so far, what it
 * removed, and when a run last showed life (a deletion silent for longer is taken over).
 */
export interface DeletionCheckpoint {
  job: string;
  phase: CustomerDeletionStep;
  /** Where the step goes on: a sort key, a bucket; none at a step's start. */
  cursor: string | null;
  runs: number;
  done: number;
  /** Epoch ms before which the second series sweep waits (the rollup stream's batches land meanwhile). */
  settleAt: number;
}

/** What the finished deletion leaves, keyed by its job only: nothing of the customer in it. */
export interface FinishedDeletion {
  job: string;
  runs: number;
  done: number;
  finished_at: string;
}

const FIRST_STEP: CustomerDeletionStep = 'series';
/** A deletion whose runs have shown no life for this long (longer than one run may last) is taken over by a new request. */
export const DELETION_STALE_MS = 20 * 60_000;
/** How long a finished deletion's record is kept (TTL). */
const FINISHED_RECORD_DAYS = 7;

const checkpointOf = (item: Record<string, unknown>): DeletionCheckpoint => ({
  job: String(item.deletion_job),
  phase: (item.deletion_phase as CustomerDeletionStep | undefined) ?? FIRST_STEP,
  cursor: typeof item.deletion_cursor === 'string' ? item.deletion_cursor : null,
  runs: Number(item.deletion_runs ?? 0),
  done: Number(item.deletion_done ?? 0),
  settleAt: Number(item.deletion_settle_at ?? 0),
});

/**
 * Marks a customer deleted, restorable until `purgeAt`, in one conditional write: from then on
 * none of its users signs in or calls anything and it counts for no licence. A customer already
 * deleted keeps its first deletion: its purge time is answered and nothing changes (a deletion
 * marked before the window existed has none: it is due at once, `now` is answered).
 */
export const markCustomerDeleted = async (customerId: string, now: Date, purgeAt: Date, by: string): Promise<{ purge_at: string }> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.customer(customerId),
        UpdateExpression: 'SET deleting = :true, deletion_requested_at = :at, purge_at = :purge, deleted_by = :by',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(deleting) OR deleting = :false)',
        ExpressionAttributeValues: { ':true': true, ':false': false, ':at': now.toISOString(), ':purge': purgeAt.toISOString(), ':by': by },
      }),
    );
    return { purge_at: purgeAt.toISOString() };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const current = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.customer(customerId), ConsistentRead: true }));
    if (!current.Item) throw new AppError('customer_not_found', { cause: error });
    return { purge_at: typeof current.Item.purge_at === 'string' ? current.Item.purge_at : now.toISOString() };
  }
};

/**
 * Takes a deleted customer's mark away, in one conditional write: only while its restore window
 * runs (`purge_at` is still ahead) and no purge run has taken it. Otherwise nothing changes and the
 * reason is thrown: unknown (or purged), not deleted, or past its window.
 */
export const unmarkCustomerDeleted = async (customerId: string, now: Date): Promise<void> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.customer(customerId),
        UpdateExpression: 'REMOVE deleting, deletion_requested_at, purge_at, deleted_by',
        ConditionExpression: 'attribute_exists(PK) AND deleting = :true AND purge_at > :now AND attribute_not_exists(deletion_job)',
        ExpressionAttributeValues: { ':true': true, ':now': now.toISOString() },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const current = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.customer(customerId), ConsistentRead: true }));
    if (!current.Item) throw new AppError('customer_not_found', { cause: error });
    throw new AppError(current.Item.deleting ? 'customer_restore_window_over' : 'customer_not_deleted', { cause: error });
  }
};

/**
 * Starts one run of a purge: counts it and stamps its life, if the customer is still marked, its
 * restore window is over (or it has none: marked before the window existed) and the purge is this
 * job's (or nobody's, or silent since `staleBefore`: then it becomes this job's). Null when it is
 * not: the customer is gone or restored, its window still runs, or another job has it.
 */
export const beginDeletionRun = async (customerId: string, job: string, now: Date, staleBefore: Date): Promise<DeletionCheckpoint | null> => {
  try {
    const answer = await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.customer(customerId),
        UpdateExpression:
          'SET deletion_job = :job, deletion_heartbeat_at = :now, deletion_runs = if_not_exists(deletion_runs, :zero) + :one, ' +
          'deletion_phase = if_not_exists(deletion_phase, :first), deletion_done = if_not_exists(deletion_done, :zero)',
        ConditionExpression:
          'attribute_exists(PK) AND deleting = :true AND (attribute_not_exists(purge_at) OR purge_at <= :nowText) AND ' +
          '(deletion_job = :job OR attribute_not_exists(deletion_job) OR deletion_heartbeat_at < :stale)',
        ExpressionAttributeValues: {
          ':job': job,
          ':now': now.getTime(),
          ':nowText': now.toISOString(),
          ':zero': 0,
          ':one': 1,
          ':true': true,
          ':first': FIRST_STEP,
          ':stale': staleBefore.getTime(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return checkpointOf(answer.Attributes ?? {});
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
};

/** Records where the deletion stopped; false when another job took it over meanwhile. */
export const saveDeletionCheckpoint = async (customerId: string, checkpoint: DeletionCheckpoint, now: Date): Promise<boolean> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.customer(customerId),
        UpdateExpression:
          'SET deletion_phase = :phase, deletion_cursor = :cursor, deletion_done = :done, deletion_settle_at = :settle, deletion_heartbeat_at = :now',
        ConditionExpression: 'deletion_job = :job',
        ExpressionAttributeValues: {
          ':job': checkpoint.job,
          ':phase': checkpoint.phase,
          ':cursor': checkpoint.cursor,
          ':done': checkpoint.done,
          ':settle': checkpoint.settleAt,
          ':now': now.getTime(),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

/**
 * The last step: the customer item goes (if the deletion is still this job's) and a record of the
 * finished job, keyed by the job alone, stays a few days for whoever follows it.
 */
export const finishCustomerDeletion = async (customerId: string, finished: FinishedDeletion): Promise<boolean> => {
  try {
    await dynamo.send(
      new DeleteCommand({
        TableName: entitiesTable(),
        Key: keys.customer(customerId),
        ConditionExpression: 'deletion_job = :job',
        ExpressionAttributeValues: { ':job': finished.job },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
  const expires = Math.floor(Date.parse(finished.finished_at) / 1000) + FINISHED_RECORD_DAYS * 86_400;
  await dynamo.send(
    new PutCommand({ TableName: entitiesTable(), Item: { ...keys.finishedDeletion(finished.job), kind: 'customer-deletion', ...finished, expires_at: expires } }),
  );
  return true;
};

export const getFinishedDeletion = async (job: string): Promise<FinishedDeletion | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.finishedDeletion(job) }));
  return answer.Item ? (answer.Item as unknown as FinishedDeletion) : null;
};

/** Up to `limit` sort keys of a customer's partition after `after` (the partition's start without it), with users' e-mails. */
export const pageOfPartitionKeys = async (
  customerId: string,
  limit: number,
  after: string | null,
): Promise<{ items: { SK: string; email?: string }[]; more: boolean }> => {
  const answer = await dynamo.send(
    new QueryCommand({
      TableName: entitiesTable(),
      KeyConditionExpression: after ? 'PK = :pk AND SK > :after' : 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.customer(customerId).PK, ...(after ? { ':after': after } : {}) },
      ProjectionExpression: 'SK, email',
      Limit: limit,
    }),
  );
  return { items: (answer.Items ?? []) as { SK: string; email?: string }[], more: Boolean(answer.LastEvaluatedKey) };
};

/** Deletes items of a customer's partition and the e-mail guards of its users, so their addresses can be used again. */
export const deletePartitionItems = async (customerId: string, items: readonly { SK: string; email?: string }[]): Promise<void> => {
  const PK = keys.customer(customerId).PK;
  await batchWrite(entitiesTable(), [
    ...items.map(({ SK }) => ({ DeleteRequest: { Key: { PK, SK } } })),
    ...items
      .filter((item) => item.SK.startsWith('USER#') && typeof item.email === 'string')
      .map((item) => ({ DeleteRequest: { Key: keys.emailGuard(item.email!) } })),
    // A user's entry in the customer's list of users goes with it.
    ...items.filter((item) => item.SK.startsWith('USER#')).map((item) => ({ DeleteRequest: { Key: keys.userListEntry(customerId, item.SK.slice('USER#'.length)) } })),
  ]);
};
