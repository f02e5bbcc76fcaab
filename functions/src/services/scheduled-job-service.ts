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

export const runScheduledJob = (target: ScheduledTarget): Promise<unknown> => RUNNERS[target.kind](target);
