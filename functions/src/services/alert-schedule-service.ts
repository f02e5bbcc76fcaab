import { listAlertsOfCustomer, listAlertsOfCustomerFromIndex } from '../data/alert-repository';
import { config } from '../config';
import { describeError, logger } from '../logger';
import { evaluateAlert, type AlertRunOutcome } from './alert-evaluation-service';
import { alertChunkOrder, alertChunks, alertCronSchedules, alertScheduleChanges, alertsOfCron, type AlertCronSchedule } from './alert-schedules';
import { enqueueFairly, FAIR_QUEUES, fairWorkOn, startWorker } from './fair-work-service';
import {
  alertSchedulesPrefix,
  putSchedule,
  removeScheduleNamed,
  replaceLegacySchedules,
  scheduleName,
  scheduleNamesStartingWith,
  type ScheduledTarget,
  type ScheduleTiming,
} from './schedule-service';

/**
 * The alerts' schedules: one per customer and cron (services/alert-schedules.ts for the rules).
 * Every save of an alert sets the customer's whole set right (`syncAlertSchedules`), so a failure
 * half-way is repaired by the next save; a schedule left with no alert removes itself at its next
 * firing; the deploy replaces the per-alert schedules of older versions (`migrateAlertSchedules`).
 */

export const alertCronTarget = (customerId: string, key: string): ScheduledTarget => ({ kind: 'alerts', id: key, customerId });

const timingOf = (schedule: AlertCronSchedule): ScheduleTiming => ({
  expression: schedule.expression,
  timezone: schedule.timezone,
  ...(schedule.start ? { start: schedule.start } : {}),
  ...(schedule.end ? { end: schedule.end } : {}),
  enabled: true,
});

/** A cron's key is 12 hex digits: a name with more after the prefix is another customer's whose id starts like this one. */
const OWN_NAME = /^[0-9a-f]{12}$/;

/**
 * Puts the schedules the customer's alerts need (each cron's, with its timing) and removes the
 * others. Idempotent. A save meeting this one may give a cron removed here an alert again: the
 * alerts are read once more after a removal, and what they need is put back.
 */
export const syncAlertSchedules = async (customerId: string, now: number = Date.now()): Promise<{ put: number; removed: number }> => {
  const prefix = alertSchedulesPrefix(customerId);
  const nameOf = (key: string) => scheduleName(alertCronTarget(customerId, key));
  const wanted = alertCronSchedules(await listAlertsOfCustomer(customerId, { consistent: true }), now);
  const existing = (await scheduleNamesStartingWith(prefix)).filter((name) => OWN_NAME.test(name.slice(prefix.length)));
  const changes = alertScheduleChanges(wanted, existing, nameOf);
  for (const { schedule, exists } of changes.put) await putSchedule(alertCronTarget(customerId, schedule.key), timingOf(schedule), { exists });
  for (const name of changes.remove) await removeScheduleNamed(name);
  let restored = 0;
  if (changes.remove.length > 0) {
    const removed = new Set(changes.remove);
    for (const schedule of alertCronSchedules(await listAlertsOfCustomer(customerId, { consistent: true }), Date.now())) {
      if (!removed.has(nameOf(schedule.key))) continue;
      await putSchedule(alertCronTarget(customerId, schedule.key), timingOf(schedule));
      restored += 1;
    }
  }
  return { put: changes.put.length + restored, removed: changes.remove.length - restored };
};

/**
 * A chunk of a firing's alerts (`alertChunks`): one job of the customer's alert lane, a turn, whose
 * alerts are evaluated one after the other for the tick the schedule fired (`firedAt`). Run by a
 * worker of the lane, or at once when the scheduled-jobs function is invoked with it (tests).
 */
export interface AlertChunkJob {
  kind: 'alert-chunk';
  /** `<cron key>#<chunk index>`: what the chunk is in its firing (its lane order adds the firing time). */
  id: string;
  customerId: string;
  firedAt: number;
  /** The alerts' ids, at most ALERT_CHUNK_SIZE. */
  alerts: string[];
  correlationId?: string;
}

export const isAlertChunkJob = (job: { kind: string }): job is AlertChunkJob => job.kind === 'alert-chunk';

/** What evaluating alerts one after the other did: each alert's outcome, and those whose evaluation failed. */
export interface AlertsRun {
  alerts: number;
  evaluated: AlertRunOutcome[];
  failed: string[];
}

/**
 * Evaluates alerts one after the other for the tick at `firedAt`: one that fails is logged and the
 * next runs (a failure's message waits in the outbox for the sweep). Each evaluation is idempotent
 * (its log entry is keyed by its tick and written only if absent), so a chunk run twice does its
 * work once per alert; an alert deleted or made inactive since the firing is skipped by its
 * evaluation. One after the other, not two at once: the customer's cap of 2 claims stays the limit
 * of its evaluations running at once.
 */
export const evaluateAlertsInTurn = async (customerId: string, alertIds: readonly string[], firedAt: number): Promise<AlertsRun> => {
  const run: AlertsRun = { alerts: alertIds.length, evaluated: [], failed: [] };
  for (const alertId of alertIds) {
    try {
      run.evaluated.push(await evaluateAlert(customerId, alertId, firedAt));
    } catch (error) {
      run.failed.push(alertId);
      logger.error('alert evaluation failed', { alert: alertId, customer: customerId, ...describeError(error) });
    }
  }
  return run;
};

/** A worker's turn on a chunk: its alerts evaluated, and how long they took (what sizes a chunk, ALERT_CHUNK_SIZE). */
export const runAlertChunk = async (job: AlertChunkJob): Promise<AlertsRun & { ms: number }> => {
  const started = Date.now();
  const run = await evaluateAlertsInTurn(job.customerId, job.alerts, job.firedAt);
  const ms = Date.now() - started;
  logger.info('alert chunk evaluated', { customer: job.customerId, chunk: job.id, alerts: run.alerts, failed: run.failed.length, ms });
  return { ...run, ms };
};

export interface CronFiring {
  /** The alerts of the cron this firing started. */
  alerts: number;
  /** The chunks they make (fair work on): one job each in the customer's lane. */
  chunks: number;
  /** Of those chunks, the jobs added to the lane (a firing delivered twice adds none while its jobs wait). */
  queued: number;
  /** With fair work off: the evaluations that ran here, and those that failed. */
  ran: number;
  failed: number;
}

/**
 * One firing of a customer's cron (`{ kind: 'alerts', id: <cron key>, customerId }`): the active
 * alerts of that cron, in chunks of at most ALERT_CHUNK_SIZE, each chunk one job in the customer's
 * lane of the alert queue for the tick the schedule fired (`firedAt`), and workers are started (as
 * many as the customer may run at once). The turns take the chunks as they took an alert each
 * (fair-work.md): a chunk is one turn, its alerts evaluated one after the other, one that fails
 * logged and the others run. With fairness off (the neighbours bench) they run here, one after the
 * other. A firing that finds none of its alerts (the last was deleted or made inactive and that
 * save's removal failed) sets the customer's schedules right.
 */
export const startAlertsOfCron = async (target: ScheduledTarget): Promise<CronFiring> => {
  const firedAt = target.firedAt ?? Date.now();
  // From the customer's list of alerts on GSI1 (its alerts alone, not its partition): an alert saved a moment ago may wait for the next firing.
  const alerts = alertsOfCron(await listAlertsOfCustomerFromIndex(target.customerId), target.id);
  const firing: CronFiring = { alerts: alerts.length, chunks: 0, queued: 0, ran: 0, failed: 0 };
  if (alerts.length === 0) {
    logger.info("alerts' schedule without alerts: the customer's schedules are set again", { customer: target.customerId, cron: target.id });
    await syncAlertSchedules(target.customerId);
    return firing;
  }
  if (!fairWorkOn()) {
    const run = await evaluateAlertsInTurn(target.customerId, alerts.map((alert) => alert._id), firedAt);
    return { ...firing, ran: run.evaluated.length, failed: run.failed.length };
  }
  const chunks = alertChunks(alerts.map((alert) => alert._id), config.ALERT_CHUNK_SIZE);
  firing.chunks = chunks.length;
  firing.queued = await enqueueFairly(
    chunks.map((alertIds, index) => ({
      queue: 'alert' as const,
      customerId: target.customerId,
      order: alertChunkOrder(firedAt, target.id, index),
      job: {
        kind: 'alert-chunk',
        id: `${target.id}#${index}`,
        customerId: target.customerId,
        firedAt,
        alerts: alertIds,
        ...(target.correlationId ? { correlationId: target.correlationId } : {}),
      } satisfies AlertChunkJob,
    })),
  );
  for (let worker = 0; worker < Math.min(FAIR_QUEUES.alert.cap, chunks.length); worker += 1) await startWorker('alert');
  return firing;
};

/** The per-alert schedules older versions made (`alert-<alert id>`). */
const PER_ALERT_PREFIX = 'alert-';

/**
 * The deploy's step 5 (list-index-migration.ts): the per-alert schedules of older versions replaced
 * by their customers' schedules per cron (`replaceLegacySchedules`). `namePrefix` narrows it to some
 * schedules (a test's own, beside other files' at the same time).
 */
export const migrateAlertSchedules = (deadline: number, now: () => number = Date.now, namePrefix = PER_ALERT_PREFIX): Promise<{ done: boolean; replaced: number }> =>
  replaceLegacySchedules(namePrefix, (customerId) => syncAlertSchedules(customerId), deadline, now);
