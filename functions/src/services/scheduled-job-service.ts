import { deleteMessages, queueUrlOf, receiveMessages } from '../clients/sqs';
import { getCustomer } from '../data/customer-repository';
import { describeError, logger } from '../logger';
import { drainFairly, enqueueFairly, FAIR_QUEUES, fairWorkOn, SCHEDULED_QUEUES, isDrainRequest, isFairQueue, startWorker, type DrainRequest, type FairQueueName } from './fair-work-service';
import { evaluateAlert } from './alert-evaluation-service';
import { isAlertChunkJob, runAlertChunk, startAlertsOfCron, type AlertChunkJob } from './alert-schedule-service';
import { retrieveFiles } from './ftp-retrieval-service';
import { fireReminder } from './reminder-firing-service';
import { retargetQueuedSchedules, type ScheduledTarget } from './schedule-service';
import { sweepOutbox } from './outbox-service';
import { fetchSource, fetchSourcesOfInterval } from './source-fetch-service';
import { sendSubscriptionReport } from './subscription-sending-service';

/** `deadline`: when the invocation running it ends (a runner of several entities starts none after it). */
type Runner = (target: ScheduledTarget, deadline?: number) => Promise<unknown>;

/** What each kind of schedule runs. Every runner is idempotent: a schedule fired twice does its work once. */
const RUNNERS: Record<ScheduledTarget['kind'], Runner> = {
  ftp: (target) => retrieveFiles(target.customerId, target.id),
  // One source at once ("fetch now", and the per-source schedules of older versions until the deploy's migration replaces them).
  source: (target) => fetchSource(target.customerId, target.id),
  // A customer's interval: its due sources fetched in this one invocation, each as `source` fetches it.
  sources: (target, deadline) => fetchSourcesOfInterval(target, deadline),
  // A run that waited its turn evaluates the tick it fired for.
  alert: (target) => evaluateAlert(target.customerId, target.id, target.firedAt ?? Date.now()),
  // A customer's cron: its alerts' evaluations go to the customer's lane in chunks (one job each), for the tick it fired for.
  alerts: (target) => startAlertsOfCron(target),
  reminder: (target) => fireReminder(target.customerId, target.id),
  subscription: (target) => sendSubscriptionReport(target.customerId, target.id),
  // The sweep also starts a worker on each fair queue: a job left behind (its worker died, or its start was lost) is taken within minutes.
  // It also moves, once per deployment, the schedules of alerts and subscriptions made before the queue to it.
  outbox: async () => {
    const swept = await sweepOutbox();
    if (fairWorkOn()) for (const queue of Object.keys(FAIR_QUEUES) as FairQueueName[]) if (queue !== 'import' || process.env.FILE_IMPORTS_FUNCTION) await startWorker(queue);
    try {
      const moved = await retargetQueuedSchedules();
      if (moved > 0) logger.info('schedules moved to the scheduled-work queue', { moved });
    } catch (error) {
      logger.error('schedules not moved to the scheduled-work queue (the next sweep tries again)', describeError(error));
    }
    return swept;
  },
};

/**
 * Recurring schedules that pause while their customer is deleted: they stay until its purge (a
 * restore finds them as they were) and fire again at their next time once it is restored.
 * A reminder's schedule is a one-time one that its run moves on: its run lets the occurrence pass
 * unfired and moves it (reminder-firing-service).
 */
const PAUSED_WHILE_DELETED = new Set<ScheduledJob['kind']>(['ftp', 'source', 'sources', 'alert', 'alerts', 'alert-chunk', 'subscription']);

/** What the scheduled-jobs function runs: a schedule's target, or a chunk of a firing's alerts (a job of the alert lanes). */
export type ScheduledJob = ScheduledTarget | AlertChunkJob;

export const runScheduledJob = async (target: ScheduledJob, deadline?: number): Promise<unknown> => {
  if (PAUSED_WHILE_DELETED.has(target.kind) && (await getCustomer(target.customerId))?.deleting) {
    logger.info('scheduled job skipped: its customer is deleted', { kind: target.kind, id: target.id, customer: target.customerId });
    return { skipped: 'customer_deleted' };
  }
  return isAlertChunkJob(target) ? runAlertChunk(target) : RUNNERS[target.kind](target, deadline);
};

/** A message of the scheduled-work queue, as the Lambda event source mapping hands it over. */
export interface ScheduledWorkRecord {
  messageId: string;
  body: string;
  attributes: { SentTimestamp?: string };
  /** The queue it came from (its ARN): the intake takes what waits behind the batch from there. */
  eventSourceARN?: string;
}

/** How long messages taken by the intake itself stay hidden: ample for writing them to their lanes. */
const PUMP_VISIBILITY_S = 120;
/** What one intake takes behind its batch at most (a larger burst is shared with the next batches). */
const PUMP_MAX_MESSAGES = 2_000;

const targetOf = (body: string, sentTimestamp: string | undefined): ScheduledTarget => ({
  ...(JSON.parse(body) as ScheduledTarget),
  firedAt: Number(sentTimestamp) || Date.now(),
});

/** Puts targets in their customers' lanes; answers the queues that got work. */
const enqueueTargets = async (targets: readonly ScheduledTarget[]): Promise<Set<FairQueueName>> => {
  const fair = targets.filter((target) => isFairQueue(target.kind));
  // A kind without a fair queue runs at once: a customer's cron (`alerts`) puts its alerts' evaluations in the lanes itself.
  // One that fails is logged and the others go on (another customer's cron must not wait for a redelivery); its schedule fires again at its next time.
  for (const target of targets.filter((entry) => !isFairQueue(entry.kind))) {
    try {
      await runScheduledJob(target);
    } catch (error) {
      logger.error('scheduled job failed', { kind: target.kind, id: target.id, customer: target.customerId, ...describeError(error) });
    }
  }
  // The order in a lane: the firing time, then the entity (a message delivered twice is one job).
  await enqueueFairly(
    fair.map((target) => ({
      queue: target.kind as FairQueueName,
      customerId: target.customerId,
      order: `${String(target.firedAt).padStart(15, '0')}#${target.id}`,
      job: target,
    })),
  );
  return new Set(fair.map((target) => target.kind as FairQueueName));
};

/**
 * Takes what waits in the queue behind a batch, ten messages a call, into the lanes, until the
 * queue shows none (or the intake's share or time is spent), and starts a worker whenever a
 * customer not seen yet got work. Why: the event source mapping hands ten messages per invocation,
 * two invocations at once, so a tick of 501 would take 51 invocations before the last customer's
 * job even reached its lane (docs/benchmarks/neighbours.md); lanes filled within seconds let the
 * turns, not the queue's order, decide.
 */
const pumpQueue = async (queueArn: string, deadline: number): Promise<number> => {
  const url = await queueUrlOf(queueArn);
  const seen = new Set<string>();
  let taken = 0;
  while (taken < PUMP_MAX_MESSAGES && Date.now() < deadline - 60_000) {
    const messages = await receiveMessages(url, PUMP_VISIBILITY_S);
    if (messages.length === 0) break;
    const targets = messages.map((message) => targetOf(message.Body, message.Attributes?.SentTimestamp));
    const queues = await enqueueTargets(targets);
    await deleteMessages(url, messages);
    taken += messages.length;
    const newcomers = targets.filter((target) => isFairQueue(target.kind) && !seen.has(`${target.kind}#${target.customerId}`));
    for (const target of newcomers) seen.add(`${target.kind}#${target.customerId}`);
    for (const queue of new Set(newcomers.map((target) => target.kind as FairQueueName))) if (queues.has(queue)) await startWorker(queue);
  }
  return taken;
};

/**
 * What the scheduled-work queue delivers (schedules of alerts and subscriptions send their target
 * there): each target goes to its customer's lane of its fair queue, and a worker is started per
 * queue that got work; then the intake takes what waits behind the batch (`pumpQueue`). With
 * fairness off (the neighbours bench's "before"), the targets run here, one after the other in the
 * order they came.
 */
export const takeScheduledWork = async (records: readonly ScheduledWorkRecord[], deadline = Date.now() + 15 * 60_000): Promise<{ queued: number; ran: number; pumped: number }> => {
  const targets = records.map((record) => targetOf(record.body, record.attributes.SentTimestamp));
  if (!fairWorkOn()) {
    for (const target of targets) {
      try {
        await runScheduledJob(target);
      } catch (error) {
        logger.error('scheduled job failed', { kind: target.kind, id: target.id, customer: target.customerId, ...describeError(error) });
      }
    }
    return { queued: 0, ran: targets.length, pumped: 0 };
  }
  const queues = await enqueueTargets(targets);
  for (const queue of queues) await startWorker(queue);
  const source = records.find((record) => record.eventSourceARN?.startsWith('arn:aws:sqs:'))?.eventSourceARN;
  // The batch is in its lanes: a pump that fails leaves the rest to the next batches (its messages come back after their visibility timeout).
  const pumped = source
    ? await pumpQueue(source, deadline).catch((error: unknown) => {
        logger.error('scheduled-work intake stopped taking the queue', describeError(error));
        return 0;
      })
    : 0;
  const fair = targets.filter((target) => isFairQueue(target.kind)).length;
  return { queued: fair, ran: targets.length - fair, pumped };
};

/** A worker of a fair queue: runs scheduled targets in turn per customer until nothing can be taken. */
export const drainScheduledWork = (queue: FairQueueName, deadline: number) => drainFairly<ScheduledJob>(queue, (job) => runScheduledJob(job), deadline);

/** What the scheduled-jobs function is given: a schedule's target (or an alert chunk, run at once), a batch of the scheduled-work queue, or a worker's start. */
export type ScheduledEvent = ScheduledJob | DrainRequest | { Records: ScheduledWorkRecord[]; correlationId?: undefined };

export const handleScheduledEvent = (event: ScheduledEvent, remainingMs: number): Promise<unknown> => {
  if ('Records' in event && Array.isArray(event.Records)) return takeScheduledWork(event.Records, Date.now() + remainingMs);
  if (isDrainRequest(event)) {
    // The import queue's workers are the import function's (a drain of it sent here is a mistake: nothing is taken).
    if (!(SCHEDULED_QUEUES as readonly string[]).includes(event.queue)) return Promise.resolve({ ran: 0, failed: 0 });
    return drainScheduledWork(event.queue, Date.now() + remainingMs);
  }
  return runScheduledJob(event as ScheduledJob, Date.now() + remainingMs);
};
