import { InvokeCommand } from '@aws-sdk/client-lambda';
import { lambda } from '../clients/lambda';
import { claimFromLane, enqueueFairJobs, listLanes, releaseClaim } from '../data/fair-queue-repository';
import { correlationFields, describeError, logger } from '../logger';
import { lanesInTurn } from './fair-turns';
import { newId } from './new-id';

/**
 * Background work taken in turn per customer (docs/architecture/fair-work.md). A fair queue has a
 * lane per customer; workers take one job at a time from the lane whose turn it is (round-robin),
 * and a customer never holds more than its queue's cap of workers. One customer's 500 due alerts
 * then delay that customer only: another customer's alert waits for one turn, not for the 500.
 */
export interface FairQueue {
  /** The customer's jobs running at once, at most. */
  cap: number;
  /** How long a claim holds its lane's place if its worker dies (the job is then lost, as a crashed run is). */
  leaseMs: number;
}

/** The queues: scheduled alerts and report subscriptions (their PDFs), and meter file imports. */
export const FAIR_QUEUES = {
  // Evaluations are short: two per customer at once leave the others of the function's cap to other customers.
  alert: { cap: 2, leaseMs: 5 * 60_000 },
  // A print takes a Chromium for seconds: one per customer at once.
  subscription: { cap: 1, leaseMs: 10 * 60_000 },
  // An import holds its invocation up to the function's 15 minutes (then continues itself outside the turns): two files
  // per customer at once leave the others of the import function's cap to other customers.
  import: { cap: 2, leaseMs: 16 * 60_000 },
} as const satisfies Record<string, FairQueue>;
export type FairQueueName = keyof typeof FAIR_QUEUES;

/** The queues whose workers are the scheduled-jobs function; the import queue's are the import function. */
export const SCHEDULED_QUEUES = ['alert', 'subscription'] as const satisfies readonly FairQueueName[];

/** The function whose invocations work a queue: the import function for imports (named by its setting where it is known), else this function. */
const workerFunctionOf = (queue: FairQueueName): string | undefined =>
  queue === 'import' ? process.env.FILE_IMPORTS_FUNCTION || process.env.AWS_LAMBDA_FUNCTION_NAME : process.env.AWS_LAMBDA_FUNCTION_NAME;

export const isFairQueue = (name: string): name is FairQueueName => Object.hasOwn(FAIR_QUEUES, name);

/**
 * Whether scheduled work goes through the fair queues. `FAIR_WORK=off` runs it in the order it
 * arrives instead: only the neighbours bench sets it, to show what fairness changes.
 */
export const fairWorkOn = (): boolean => process.env.FAIR_WORK !== 'off';

/** A job of a fair queue: its customer, and the order it sorts by in its lane (a time first). */
export interface FairJob<T> {
  queue: FairQueueName;
  customerId: string;
  order: string;
  job: T;
}

/** Puts jobs in their lanes, one write per queue and customer (a job already there is left as it is). */
export const enqueueFairly = async <T>(jobs: readonly FairJob<T>[]): Promise<number> => {
  const lanes = new Map<string, FairJob<T>[]>();
  for (const entry of jobs) {
    const lane = `${entry.queue}#${entry.customerId}`;
    lanes.set(lane, [...(lanes.get(lane) ?? []), entry]);
  }
  let added = 0;
  for (const entries of lanes.values()) {
    added += await enqueueFairJobs(entries[0].queue, entries[0].customerId, entries.map(({ order, job }) => ({ order, job })));
  }
  return added;
};

/** What a drain request of the jobs function looks like. */
export interface DrainRequest {
  kind: 'drain';
  queue: FairQueueName;
  correlationId?: string;
}

export const isDrainRequest = (event: unknown): event is DrainRequest =>
  typeof event === 'object' && event !== null && (event as { kind?: unknown }).kind === 'drain' && isFairQueue(String((event as { queue?: unknown }).queue));

/**
 * Starts a worker on a queue without waiting (the jobs function, by its own name). Workers are
 * interchangeable: one that finds nothing to take stops at once, so starting too many costs little.
 */
export const startWorker = async (queue: FairQueueName, functionName = workerFunctionOf(queue)): Promise<void> => {
  if (!functionName) return;
  await lambda.send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify({ kind: 'drain', queue, ...correlationFields() } satisfies DrainRequest)),
    }),
  );
};

export interface DrainOutcome {
  ran: number;
  failed: number;
}

/**
 * A worker: takes the job whose turn it is, runs it, and goes on until nothing can be taken (every
 * lane empty or at its cap: the workers holding those go on with them) or `deadline` is near. A
 * job that fails is logged and counted; the others still run (they are other customers' too).
 */
export const drainFairly = async <T>(queue: FairQueueName, run: (job: T) => Promise<unknown>, deadline: number): Promise<DrainOutcome> => {
  const { cap, leaseMs } = FAIR_QUEUES[queue];
  const outcome: DrainOutcome = { ran: 0, failed: 0 };
  // Stops with time left for one job and the release (a lease covers a worker that overran).
  while (Date.now() < deadline - 60_000) {
    const taken = await takeNext<T>(queue, cap, leaseMs);
    if (!taken) break;
    try {
      await run(taken.job);
      outcome.ran += 1;
    } catch (error) {
      outcome.failed += 1;
      logger.error('fair job failed', { queue, customer: taken.customerId, ...describeError(error) });
    } finally {
      await releaseClaim(queue, taken.customerId, taken.claim);
    }
  }
  if (outcome.ran + outcome.failed > 0) logger.info('fair queue drained', { queue, ...outcome });
  return outcome;
};

/** The next job by the turn rule, claimed; null when no lane may give one now. */
const takeNext = async <T>(queue: FairQueueName, cap: number, leaseMs: number): Promise<{ job: T; customerId: string; claim: string } | null> => {
  // A lane that changed under this worker (another took its turn) is read again: a few tries, then another round.
  for (let round = 0; round < 20; round += 1) {
    const now = Date.now();
    const lanes = lanesInTurn(await listLanes(queue), cap, now);
    if (lanes.length === 0) return null;
    for (const lane of lanes) {
      const claim = newId('job');
      const job = await claimFromLane(queue, lane, claim, now, now + leaseMs);
      if (job !== null) return { job: job as T, customerId: lane.customerId, claim };
    }
  }
  return null;
};
