import { DeleteCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../clients/dynamodb';
import { endedClaims, type Lane } from '../services/fair-turns';
import { keys } from './keys';
import { entitiesTable, queryEvery } from './table';

/**
 * The fair work queues (docs/architecture/fair-work.md): a lane per customer and queue (one
 * partition per queue lists them), the jobs in the customer's own partition. Enqueueing writes the
 * job and counts it on its lane in one transaction; claiming deletes the oldest job of a lane and
 * records the claim's lease on the lane, written only over the lane's version it read.
 */

const cancelledBy = (error: unknown, code: string): boolean =>
  (error as { name?: string }).name === 'TransactionCanceledException' &&
  ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).some((reason) => reason.Code === code);

const isCancelled = (error: unknown): boolean =>
  cancelledBy(error, 'ConditionalCheckFailed') || cancelledBy(error, 'TransactionConflict') || (error as { name?: string }).name === 'ConditionalCheckFailedException';

const laneCount = (queue: string, customerId: string, added: number) => ({
  Update: {
    TableName: entitiesTable(),
    Key: keys.fairLane(queue, customerId),
    UpdateExpression: 'SET leases = if_not_exists(leases, :none), served_at = if_not_exists(served_at, :never), customer = :customer ADD waiting :added, version :one',
    ExpressionAttributeValues: { ':none': {}, ':never': 0, ':customer': customerId, ':added': added, ':one': 1 },
  },
});

/** A job's item in its lane's partition (its size is what enqueueing and claiming it are billed by). */
export const fairJobItem = (queue: string, customerId: string, order: string, job: unknown, now: number) => ({
  ...keys.fairJob(queue, customerId, order),
  kind: 'fair_job',
  customer: customerId,
  job,
  enqueued_at: now,
});

const jobPut = (queue: string, customerId: string, order: string, job: unknown, now: number) => ({
  Put: {
    TableName: entitiesTable(),
    Item: fairJobItem(queue, customerId, order, job, now),
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/**
 * Puts a customer's jobs in its lane, with their count, in one transaction. `order` sorts the lane
 * (a time first) and names the job: the same order twice is one job (a message delivered twice
 * enqueues once); when one is there already, they are put one by one. Answers how many were added.
 */
export const enqueueFairJobs = async (queue: string, customerId: string, jobs: readonly { order: string; job: unknown }[]): Promise<number> => {
  if (jobs.length === 0) return 0;
  const now = Date.now();
  try {
    await dynamo.send(
      new TransactWriteCommand({ TransactItems: [...jobs.map((entry) => jobPut(queue, customerId, entry.order, entry.job, now)), laneCount(queue, customerId, jobs.length)] }),
    );
    return jobs.length;
  } catch (error) {
    if (!cancelledBy(error, 'ConditionalCheckFailed')) throw error;
  }
  let added = 0;
  for (const entry of jobs) {
    try {
      await dynamo.send(new TransactWriteCommand({ TransactItems: [jobPut(queue, customerId, entry.order, entry.job, now), laneCount(queue, customerId, 1)] }));
      added += 1;
    } catch (error) {
      if (!cancelledBy(error, 'ConditionalCheckFailed')) throw error;
    }
  }
  return added;
};

/** Every lane of a queue (one per customer that ever had work in it), read strongly consistent. */
export const listLanes = async (queue: string): Promise<Lane[]> => {
  const items = await queryEvery<Record<string, unknown>>({
    TableName: entitiesTable(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.fairLanes(queue).PK },
    ConsistentRead: true,
  });
  return items.map((item) => ({
    customerId: String(item.customer),
    waiting: Number(item.waiting ?? 0),
    leases: Object.fromEntries(Object.entries((item.leases ?? {}) as Record<string, unknown>).map(([claim, until]) => [claim, Number(until)])),
    servedAt: Number(item.served_at ?? 0),
    version: Number(item.version ?? 0),
  }));
};

/**
 * Takes the oldest job of a lane for a claim held until `leaseUntil`: the job leaves the queue and
 * the claim is written on the lane (leases already over are forgotten). Null when the lane changed
 * since it was read (another worker took its turn), or holds no job any more.
 */
export const claimFromLane = async (queue: string, lane: Lane, claim: string, now: number, leaseUntil: number): Promise<unknown | null> => {
  const oldest = await dynamo.send(
    new QueryCommand({
      TableName: entitiesTable(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.fairJobsOfCustomer(queue, lane.customerId).PK },
      ConsistentRead: true,
      Limit: 1,
    }),
  );
  const job = oldest.Items?.[0];
  if (!job) {
    // Its jobs went another way (the customer's data was purged): the lane says so, unless it changed meanwhile.
    if (lane.waiting > 0) {
      await dynamo
        .send(
          new UpdateCommand({
            TableName: entitiesTable(),
            Key: keys.fairLane(queue, lane.customerId),
            UpdateExpression: 'SET waiting = :zero ADD version :one',
            ConditionExpression: 'version = :seen',
            ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':seen': lane.version },
          }),
        )
        .catch((error: unknown) => {
          if (!isCancelled(error)) throw error;
        });
    }
    return null;
  }
  const ended = endedClaims(lane, now);
  const names: Record<string, string> = { '#claim': claim };
  ended.forEach((name, index) => (names[`#ended${index}`] = name));
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: entitiesTable(),
              Key: { PK: job.PK as string, SK: job.SK as string },
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          {
            Update: {
              TableName: entitiesTable(),
              Key: keys.fairLane(queue, lane.customerId),
              UpdateExpression:
                'SET leases.#claim = :until, served_at = :now ADD waiting :minusOne, version :one' +
                (ended.length ? ` REMOVE ${ended.map((_, index) => `leases.#ended${index}`).join(', ')}` : ''),
              ConditionExpression: 'version = :seen',
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: { ':until': leaseUntil, ':now': now, ':minusOne': -1, ':one': 1, ':seen': lane.version },
            },
          },
        ],
      }),
    );
    return job.job;
  } catch (error) {
    if (isCancelled(error)) return null;
    throw error;
  }
};

/** Ends a claim: its lane may give another job to a worker (a lane removed meanwhile, with its customer, is fine). */
export const releaseClaim = async (queue: string, customerId: string, claim: string): Promise<void> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.fairLane(queue, customerId),
        UpdateExpression: 'REMOVE leases.#claim ADD version :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#claim': claim },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
  } catch (error) {
    if (!isCancelled(error)) throw error;
  }
};

/** Removes a customer's lanes and the jobs still waiting in them (its purge). */
export const deleteLanesOf = async (customerId: string, queues: readonly string[]): Promise<void> => {
  for (const queue of queues) {
    const jobs = await queryEvery<{ PK: string; SK: string }>({
      TableName: entitiesTable(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.fairJobsOfCustomer(queue, customerId).PK },
      ProjectionExpression: 'PK, SK',
    });
    for (const job of jobs) await dynamo.send(new DeleteCommand({ TableName: entitiesTable(), Key: { PK: job.PK, SK: job.SK } }));
    await dynamo.send(new DeleteCommand({ TableName: entitiesTable(), Key: keys.fairLane(queue, customerId) }));
  }
};
