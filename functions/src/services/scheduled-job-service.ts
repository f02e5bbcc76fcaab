import { getCustomer } from '../data/customer-repository';
import { describeError, logger } from '../logger';
import { drainFairly, enqueueFairly, FAIR_QUEUES, fairWorkOn, isDrainRequest, isFairQueue, startWorker, type DrainRequest, type FairQueueName } from './fair-work-service';
import { evaluateAlert } from './alert-evaluation-service';
import { retrieveFiles } from './ftp-retrieval-service';
import { fireReminder } from './reminder-firing-service';
import type { ScheduledTarget } from './schedule-service';
import { sweepOutbox } from './outbox-service';
import { fetchSource } from './source-fetch-service';
import { sendSubscriptionReport } from './subscription-sending-service';

type Runner = (target: ScheduledTarget) => Promise<unknown>;

/** What each kind of schedule runs. Every runner is idempotent: a schedule fired twice does its work once. */
const RUNNERS: Record<ScheduledTarget['kind'], Runner> = {
  ftp: (target) => retrieveFiles(target.customerId, target.id),
  source: (target) => fetchSource(target.customerId, target.id),
  // A run that waited its turn evaluates the tick it fired for.
  alert: (target) => evaluateAlert(target.customerId, target.id, target.firedAt ?? Date.now()),
  reminder: (target) => fireReminder(target.customerId, target.id),
  subscription: (target) => sendSubscriptionReport(target.customerId, target.id),
  // The sweep also starts a worker on each fair queue: a job left behind (its worker died, or its start was lost) is taken within minutes.
  outbox: async () => {
    const swept = await sweepOutbox();
    if (fairWorkOn()) for (const queue of Object.keys(FAIR_QUEUES) as FairQueueName[]) await startWorker(queue);
    return swept;
  },
};

/**
 * Recurring schedules that pause while their customer is deleted: they stay until its purge (a
 * restore finds them as they were) and fire again at their next time once it is restored.
 * A reminder's schedule is a one-time one that its run moves on: its run lets the occurrence pass
 * unfired and moves it (reminder-firing-service).
 */
const PAUSED_WHILE_DELETED = new Set<ScheduledTarget['kind']>(['ftp', 'source', 'alert', 'subscription']);

export const runScheduledJob = async (target: ScheduledTarget): Promise<unknown> => {
  if (PAUSED_WHILE_DELETED.has(target.kind) && (await getCustomer(target.customerId))?.deleting) {
    logger.info('scheduled job skipped: its customer is deleted', { kind: target.kind, id: target.id, customer: target.customerId });
    return { skipped: 'customer_deleted' };
  }
  return RUNNERS[target.kind](target);
};

/** A message of the scheduled-work queue, as the Lambda event source mapping hands it over. */
export interface ScheduledWorkRecord {
  messageId: string;
  body: string;
  attributes: { SentTimestamp?: string };
}

/**
 * What the scheduled-work queue delivers (schedules of alerts and subscriptions send their target
 * there): each target goes to its customer's lane of its fair queue, and a worker is started per
 * queue that got work. With fairness off (the neighbours bench's "before"), the targets run here,
 * one after the other in the order they came.
 */
export const takeScheduledWork = async (records: readonly ScheduledWorkRecord[]): Promise<{ queued: number; ran: number }> => {
  const targets = records.map((record): ScheduledTarget => {
    const target = JSON.parse(record.body) as ScheduledTarget;
    return { ...target, firedAt: Number(record.attributes.SentTimestamp) || Date.now() };
  });
  if (!fairWorkOn()) {
    for (const target of targets) {
      try {
        await runScheduledJob(target);
      } catch (error) {
        logger.error('scheduled job failed', { kind: target.kind, id: target.id, customer: target.customerId, ...describeError(error) });
      }
    }
    return { queued: 0, ran: targets.length };
  }
  const fair = targets.filter((target) => isFairQueue(target.kind));
  // A kind without a fair queue (none is sent here today) runs at once.
  for (const target of targets.filter((entry) => !isFairQueue(entry.kind))) await runScheduledJob(target);
  // The order in a lane: the firing time, then the entity (a message delivered twice is one job).
  await enqueueFairly(
    fair.map((target) => ({
      queue: target.kind as FairQueueName,
      customerId: target.customerId,
      order: `${String(target.firedAt).padStart(15, '0')}#${target.id}`,
      job: target,
    })),
  );
  for (const queue of new Set(fair.map((target) => target.kind as FairQueueName))) await startWorker(queue);
  return { queued: fair.length, ran: targets.length - fair.length };
};

/** A worker of a fair queue: runs scheduled targets in turn per customer until nothing can be taken. */
export const drainScheduledWork = (queue: FairQueueName, deadline: number) => drainFairly<ScheduledTarget>(queue, (target) => runScheduledJob(target), deadline);

/** What the scheduled-jobs function is given: a schedule's target, a batch of the scheduled-work queue, or a worker's start. */
export type ScheduledEvent = ScheduledTarget | DrainRequest | { Records: ScheduledWorkRecord[]; correlationId?: undefined };

export const handleScheduledEvent = (event: ScheduledEvent, remainingMs: number): Promise<unknown> => {
  if ('Records' in event && Array.isArray(event.Records)) return takeScheduledWork(event.Records);
  if (isDrainRequest(event)) return drainScheduledWork(event.queue, Date.now() + remainingMs);
  return runScheduledJob(event as ScheduledTarget);
};
