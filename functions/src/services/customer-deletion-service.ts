import { DeleteObjectsCommand, ListObjectVersionsCommand } from '@aws-sdk/client-s3';
import { InvokeCommand } from '@aws-sdk/client-lambda';
import { isPurgeDue } from '@shared/customers/restore-window';
import { CUSTOMER_DELETION_STEPS, type CustomerDeletionStep } from '@shared/schemas/customer';
import { config, requireSetting } from '../config';
import { lambda } from '../clients/lambda';
import { s3 } from '../clients/s3';
import { connectionIdsOfCustomer, deleteConnection, forgetNewData } from '../data/connection-repository';
import {
  beginDeletionRun,
  DELETION_STALE_MS,
  deletePartitionItems,
  finishCustomerDeletion,
  pageOfPartitionKeys,
  saveDeletionCheckpoint,
  type DeletionCheckpoint,
} from '../data/customer-deletion-repository';
import { keys } from '../data/keys';
import { pageOfPointTermKeys } from '../data/point-search-index';
import { pageOfMapSummaryKeys } from '../data/map-summary';
import { pageOfFetchedDatesKeys } from '../data/fetched-dates-repository';
import { deleteItems } from '../data/table';
import { removeSeriesItemsUpTo } from '../data/series-removal-repository';
import { listCustomers } from '../data/customer-repository';
import { listSuperUsers } from '../data/user-repository';
import { describeError, logger } from '../logger';
import type { CustomerDeletionJob, CustomerPurgeSweep } from './job-launcher';
import { newId } from './new-id';
import { pushToUser } from './realtime-service';
import { alertSchedulesPrefix, removeSchedule, removeScheduleNamed, scheduleNamesStartingWith, sourceSchedulesPrefix, type ScheduledTarget } from './schedule-service';
import { intervalOfScheduleName } from './source-schedules';
import { deleteLanesOf } from '../data/fair-queue-repository';
import { FAIR_QUEUES } from './fair-work-service';

/** Items whose entity has a schedule named after it (schedule-service), by sort-key prefix. */
const SCHEDULED_PREFIXES: [string, ScheduledTarget['kind']][] = [
  ['FTP#', 'ftp'],
  ['SRC#', 'source'],
  ['ALERT#', 'alert'],
  ['REM#', 'reminder'],
  ['SUB#', 'subscription'],
];

/** How long a stream batch already in flight may take to land: the series are swept again after it. */
const STREAM_SETTLE_MS = 5_000;
/** A run stops taking new work this long before its function's time limit, to save its checkpoint and go on in a new run. */
const RUN_MARGIN_MS = 60_000;
/** Points read per query in the series steps. */
const POINTS_PAGE = 50;
/** The buckets whose `<customer>/` prefix is emptied, in order (the step's cursor names the one under way). */
const BUCKETS = ['UPLOADS_BUCKET', 'DOCUMENTS_BUCKET'] as const;

/** What one step did within a run: the work it used, and where it goes on (`complete`: the next step starts). */
interface StepResult {
  used: number;
  complete: boolean;
  cursor: string | null;
}

interface RunContext {
  customerId: string;
  /** Work this run may still do (items, objects, schedules, connections removed; empty points and pages read). */
  budget: number;
  timeLeft: () => number;
  checkpoint: DeletionCheckpoint;
}

const progress = async (job: CustomerDeletionJob, step: CustomerDeletionStep | 'done', state: 'running' | 'done' | 'failed') => {
  if (!job.requestedBy) return;
  const done = step === 'done' ? CUSTOMER_DELETION_STEPS.length : CUSTOMER_DELETION_STEPS.indexOf(step);
  await pushToUser(job.requestedBy, {
    event: 'jobProgress',
    data: { job: job.jobId, kind: job.kind, point: job.customerId, done, total: CUSTOMER_DELETION_STEPS.length, state },
  }).catch((error) => logger.warn('progress not pushed', describeError(error)));
};

/**
 * The series of the customer's points, point after point (the cursor: the last point found empty);
 * a point found empty costs one unit, so that every run moves on.
 */
const removeSeries = async (run: RunContext): Promise<StepResult> => {
  let used = 0;
  let lastDone = run.checkpoint.cursor;
  for (;;) {
    const page = await pointsAfter(run.customerId, lastDone ?? 'PT#');
    for (const sk of page.keys) {
      const allowed = run.budget - used;
      const removed = await removeSeriesItemsUpTo({ customerId: run.customerId, pointId: sk.slice(3) }, allowed);
      used += Math.max(removed, 1);
      if (removed < allowed) lastDone = sk;
      if (used >= run.budget || run.timeLeft() < RUN_MARGIN_MS) return { used, complete: false, cursor: lastDone };
    }
    if (!page.more) return { used, complete: true, cursor: null };
    lastDone = page.keys.at(-1) ?? lastDone;
  }
};

/** The points of the partition after a sort key; the partition is sorted, so past the `PT#` keys nothing more of them follows. */
const pointsAfter = async (customerId: string, after: string) => {
  const page = await pageOfPartitionKeys(customerId, POINTS_PAGE, after);
  const points = page.items.map((item) => item.SK).filter((sk) => sk.startsWith('PT#'));
  return { keys: points, more: page.more && points.length === page.items.length };
};

/** The schedules of the customer's scheduled entities, walking the partition from the cursor; each page read costs one unit. */
const removeSchedules = async (run: RunContext): Promise<StepResult> => {
  let used = 0;
  let cursor = run.checkpoint.cursor;
  for (;;) {
    const page = await pageOfPartitionKeys(run.customerId, Math.max(1, run.budget - used), cursor);
    used += 1;
    for (const { SK } of page.items) {
      const scheduled = SCHEDULED_PREFIXES.find(([prefix]) => SK.startsWith(prefix));
      if (scheduled) {
        await removeSchedule({ kind: scheduled[1], id: SK.slice(scheduled[0].length), customerId: run.customerId });
        used += 1;
      }
      cursor = SK;
    }
    if (!page.more) {
      // The alerts' schedules are the customer's per cron (alert-schedule-service), named by the customer, not by an item.
      const prefix = alertSchedulesPrefix(run.customerId);
      for (const name of await scheduleNamesStartingWith(prefix)) {
        if (!/^[0-9a-f]{12}$/.test(name.slice(prefix.length))) continue;
        await removeScheduleNamed(name);
        used += 1;
      }
      // So are the sources' fetch schedules, per interval (source-schedule-service).
      const sourcesPrefix = sourceSchedulesPrefix(run.customerId);
      for (const name of await scheduleNamesStartingWith(sourcesPrefix)) {
        if (intervalOfScheduleName(sourcesPrefix, name) === null) continue;
        await removeScheduleNamed(name);
        used += 1;
      }
      return { used, complete: true, cursor: null };
    }
    if (used >= run.budget || run.timeLeft() < RUN_MARGIN_MS) return { used, complete: false, cursor };
  }
};

/**
 * Every object under `<customer>/` of the uploads and documents buckets (uploads, images, exports,
 * reports, dumps), with every old version and delete marker: the buckets keep old versions, and a
 * purge leaves none of them behind.
 */
const removeFiles = async (run: RunContext): Promise<StepResult> => {
  let used = 0;
  let bucketIndex = Math.max(0, BUCKETS.indexOf((run.checkpoint.cursor ?? BUCKETS[0]) as (typeof BUCKETS)[number]));
  while (bucketIndex < BUCKETS.length) {
    const Bucket = requireSetting(BUCKETS[bucketIndex]);
    const page = await s3.send(
      new ListObjectVersionsCommand({ Bucket, Prefix: `${run.customerId}/`, MaxKeys: Math.min(1000, Math.max(1, run.budget - used)) }),
    );
    const objects = [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])].flatMap((object) =>
      // Each version by its id ('null' for an object written before the bucket kept versions): a delete without one would only add a marker.
      object.Key ? [{ Key: object.Key, ...(object.VersionId ? { VersionId: object.VersionId } : {}) }] : [],
    );
    if (objects.length === 0) {
      bucketIndex += 1;
      continue;
    }
    await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: objects, Quiet: true } }));
    used += objects.length;
    if (used >= run.budget || run.timeLeft() < RUN_MARGIN_MS) return { used, complete: false, cursor: BUCKETS[bucketIndex] };
  }
  return { used, complete: true, cursor: null };
};

/** The second sweep of the series, once the stream batches that read the first sweep's values have landed. */
const removeSeriesAgain = async (run: RunContext): Promise<StepResult> => {
  const wait = run.checkpoint.settleAt - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return removeSeries(run);
};

/** The WebSocket connections registered in the customer (its users', and anyone's who worked in it), then what was kept of its pushes. */
const removeConnections = async (run: RunContext): Promise<StepResult> => {
  let used = 0;
  for (;;) {
    const ids = await connectionIdsOfCustomer(run.customerId, Math.max(1, run.budget - used));
    if (ids.length === 0) {
      await forgetNewData(run.customerId, Date.now());
      return { used, complete: true, cursor: null };
    }
    for (const id of ids) await deleteConnection(id);
    used += ids.length;
    if (used >= run.budget || run.timeLeft() < RUN_MARGIN_MS) return { used, complete: false, cursor: null };
  }
};

/**
 * The customer's items kept in partitions of their own (not under `C#<customer>`): its points' search
 * terms (point-search-index), its sites' maplytics summaries (map-summary), its sources' fetched dates
 * (fetched-dates-repository). Each answers a page of its keys.
 */
const OWN_PARTITIONS = [pageOfPointTermKeys, pageOfMapSummaryKeys, pageOfFetchedDatesKeys] as const;

/** Every item of the partition but the customer item (it keeps everyone of the customer out until the end), users' e-mail guards with them. */
const removeItems = async (run: RunContext): Promise<StepResult> => {
  let used = 0;
  const customerSk = keys.customer(run.customerId).SK;
  for (;;) {
    const page = await pageOfPartitionKeys(run.customerId, Math.max(1, run.budget - used) + 1, null);
    const items = page.items.filter((item) => item.SK !== customerSk);
    if (items.length === 0) {
      // The customer's partitions of its own, a page at a time: the first that still holds keys.
      let own: { PK: string; SK: string }[] = [];
      for (const pageOf of OWN_PARTITIONS) {
        own = await pageOf(run.customerId, Math.max(1, run.budget - used));
        if (own.length > 0) break;
      }
      if (own.length > 0) {
        await deleteItems(own);
        used += own.length;
        if (used >= run.budget || run.timeLeft() < RUN_MARGIN_MS) return { used, complete: false, cursor: null };
        continue;
      }
      // Its lanes in the fair queues (their jobs were items of the partition).
      await deleteLanesOf(run.customerId, Object.keys(FAIR_QUEUES));
      return { used, complete: true, cursor: null };
    }
    await deletePartitionItems(run.customerId, items);
    used += items.length;
    if (used >= run.budget || run.timeLeft() < RUN_MARGIN_MS) return { used, complete: false, cursor: null };
  }
};

const STEPS: Record<Exclude<CustomerDeletionStep, 'customer'>, (run: RunContext) => Promise<StepResult>> = {
  series: removeSeries,
  schedules: removeSchedules,
  files: removeFiles,
  series_again: removeSeriesAgain,
  connections: removeConnections,
  items: removeItems,
};

const announceRemoval = async (customerId: string) => {
  const superUsers = await listSuperUsers();
  await Promise.all(
    superUsers.map((user) =>
      pushToUser(user._id, { event: 'customersChanged', data: { customer: customerId, state: 'removed' } }).catch((error) =>
        logger.warn('removal not pushed', describeError(error)),
      ),
    ),
  );
};

/** The next run of the same deletion, started without waiting: the function continues itself. */
const continueDeletion = async (job: CustomerDeletionJob): Promise<void> => {
  await lambda.send(
    new InvokeCommand({
      FunctionName: process.env.AWS_LAMBDA_FUNCTION_NAME || requireSetting('CUSTOMER_DELETION_FUNCTION'),
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(job)),
    }),
  );
};

/**
 * The purge sweep (the deployment's schedule, hourly): every deleted customer whose restore window
 * is over gets a purge run of its own, started without waiting. A purge under way is given a run
 * too: the run does nothing while the purge's own runs show life, and takes a purge whose runs
 * died over from its checkpoint. Idempotent: a second sweep starts runs that find nothing to do.
 */
export const sweepDuePurges = async (now: Date = new Date(), correlationId?: string): Promise<{ started: { customer: string; job: string }[] }> => {
  const due = (await listCustomers()).filter((customer) => isPurgeDue(customer, now));
  const started: { customer: string; job: string }[] = [];
  for (const customer of due) {
    const job: CustomerDeletionJob = { kind: 'customer_deletion', customerId: customer._id, requestedBy: null, jobId: newId('job'), ...(correlationId ? { correlationId } : {}) };
    await continueDeletion(job);
    started.push({ customer: customer._id, job: job.jobId });
  }
  logger.info('customer purge sweep', { due: due.length });
  return { started };
};

/**
 * One run of a customer's purge (once its restore window is over): it takes the checkpoint on the customer item, does at most the
 * configured batch of work (`CUSTOMER_DELETION_BATCH`) within its time, step after step in an order
 * a new run can always resume (series while the point items still name them, schedules while the
 * scheduled items do, files, the series again, connections, the items, the customer item last: it
 * keeps everyone of the customer out until then), saves where it stopped and starts the next run.
 * A run that finds the deletion another job's, the customer gone or restored, or its restore
 * window still running, does nothing.
 */
export const runCustomerDeletion = async (job: CustomerDeletionJob, remainingMs: () => number = () => Number.POSITIVE_INFINITY): Promise<void> => {
  const { customerId } = job;
  const now = new Date();
  const checkpoint = await beginDeletionRun(customerId, job.jobId, now, new Date(now.getTime() - DELETION_STALE_MS));
  if (!checkpoint) {
    logger.info('customer deletion run has nothing to do', { job: job.jobId, customer: customerId });
    return;
  }
  logger.info('customer deletion run', { job: job.jobId, customer: customerId, run: checkpoint.runs, step: checkpoint.phase, done: checkpoint.done });
  const run: RunContext = { customerId, budget: config.CUSTOMER_DELETION_BATCH, timeLeft: remainingMs, checkpoint: { ...checkpoint } };
  try {
    while (run.checkpoint.phase !== 'customer' && run.budget > 0 && run.timeLeft() >= RUN_MARGIN_MS) {
      const phase = run.checkpoint.phase;
      const result = await STEPS[phase](run);
      run.budget -= result.used;
      run.checkpoint.done += result.used;
      if (result.complete) {
        const next = CUSTOMER_DELETION_STEPS[CUSTOMER_DELETION_STEPS.indexOf(phase) + 1];
        run.checkpoint = { ...run.checkpoint, phase: next, cursor: null, settleAt: phase === 'series' ? Date.now() + STREAM_SETTLE_MS : run.checkpoint.settleAt };
        await progress(job, next, 'running');
      } else {
        run.checkpoint.cursor = result.cursor;
      }
    }
    if (run.checkpoint.phase === 'customer') {
      const finished = await finishCustomerDeletion(customerId, {
        job: job.jobId,
        runs: run.checkpoint.runs,
        done: run.checkpoint.done,
        finished_at: new Date().toISOString(),
      });
      if (!finished) return;
      logger.info('customer deleted', { job: job.jobId, customer: customerId, runs: run.checkpoint.runs, done: run.checkpoint.done });
      await announceRemoval(customerId);
      await progress(job, 'done', 'done');
      return;
    }
    if (!(await saveDeletionCheckpoint(customerId, run.checkpoint, new Date()))) return;
    await continueDeletion(job);
  } catch (error) {
    logger.error('customer deletion run failed', { job: job.jobId, customer: customerId, ...describeError(error) });
    await progress(job, run.checkpoint.phase, 'failed');
    throw error;
  }
};

/** What the customer-deletion function is sent: the sweep answers the purge runs it started (a caller that waits reads them), a run nothing. */
export const runCustomerDeletionEvent = async (event: CustomerDeletionJob | CustomerPurgeSweep, remainingMs?: () => number): Promise<unknown> => {
  if (event.kind === 'customer_purge_sweep') return sweepDuePurges(new Date(), event.correlationId);
  await runCustomerDeletion(event, remainingMs);
  return undefined;
};
