import { getCustomer } from '../data/customer-repository';
import { logger } from '../logger';
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
  alert: (target) => evaluateAlert(target.customerId, target.id),
  reminder: (target) => fireReminder(target.customerId, target.id),
  subscription: (target) => sendSubscriptionReport(target.customerId, target.id),
  outbox: () => sweepOutbox(),
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
