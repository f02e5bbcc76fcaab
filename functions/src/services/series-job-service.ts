import { isMapSummaryRebuild, rebuildMapSummaries, type MapSummaryRebuild } from './map-summary-rebuild';
import { backfillPointIndex, isPointIndexBackfill, type PointIndexBackfill } from './point-index-backfill-service';
import { isDeployMigrations, runDeployMigrations, type DeployMigrations } from './list-index-migration';
import type { JobProgress } from '@shared/realtime/events';
import { refreshRange } from '@shared/series/calculation-settings';
import { convertUnit } from '@shared/series/unit-conversion';
import { listLocationsOfCustomer } from '../data/location-repository';
import { deletePoint, getPoint, listPointsOfCustomer } from '../data/point-repository';
import { deleteRawValues, deleteSeriesMarkers, listRawEntriesOfMonth, listRawMonths, type StatusCode } from '../data/raw-value-repository';
import { deletePendingMark, deleteRollupPartitions } from '../data/rollup-repository';
import type { SeriesRef } from '../data/series-keys';
import { describeError, logger } from '../logger';
import { computeCalculatedPoint, dependentsOf } from './calculation-service';
import type { LaunchedJob } from './job-launcher';
import { pushToUser } from './realtime-service';
import { migrateRollupPacks } from './rollup-pack-migration';
import { pointsOfCustomerById, zoneOfPoint } from './series-service';
import { storeValuesInBulk } from './series-write-service';

/** How long a stream batch already in flight may take to land: a purge sweeps again after it. */
const STREAM_SETTLE_MS = 5_000;

const progress = async (job: LaunchedJob, done: number, total: number, state: JobProgress['state']) => {
  if (!job.requestedBy) return;
  await pushToUser(job.requestedBy, {
    event: 'jobProgress',
    data: { job: job.jobId, kind: job.kind, point: job.pointId, done, total, state },
  }).catch((error) => logger.warn('progress not pushed', describeError(error)));
};

type RawEntry = { at: number; value: number; status: StatusCode };

/**
 * Every raw value of a point, one UTC month partition at a time (memory stays flat whatever the
 * history), found through the months marked when values were written — not through rollups,
 * which the stream may not have written yet.
 */
const forEachMonthOfValues = async (series: SeriesRef, visit: (values: RawEntry[]) => Promise<void>): Promise<void> => {
  for (const month of await listRawMonths(series)) {
    const values = await listRawEntriesOfMonth(series, month);
    if (values.length) await visit(values);
  }
};

/**
 * Values written in bulk bypass the stream, so the calculated points reading them (and those
 * reading those, and so on — saving a point refuses cycles) are recomputed here, in this job.
 */
const recalculateDependents = async (customerId: string, pointId: string, from: number, to: number, depth = 0): Promise<void> => {
  if (depth > 10) return;
  const dependents = dependentsOf(await listPointsOfCustomer(customerId), new Set([pointId]));
  for (const dependent of dependents) {
    const result = await computeCalculatedPoint(customerId, dependent._id, refreshRange(dependent, from, to), async () => undefined);
    if (result.written > 0) await recalculateDependents(customerId, dependent._id, from, to, depth + 1);
  }
};

const removeSeriesItems = async (series: SeriesRef): Promise<number> => {
  let removed = 0;
  await forEachMonthOfValues(series, async (values) => {
    await deleteRawValues(series, values.map((value) => value.at));
    removed += values.length;
  });
  await deleteRollupPartitions(series);
  await deleteSeriesMarkers(series);
  await deletePendingMark(series);
  return removed;
};

/**
 * Removes every item of a deleted point's series: raw values, rollups, markers. A stream batch
 * that read values just before they went may still write a rollup: a second sweep, once such a
 * batch has landed, takes it too. Running it again finds nothing left to do.
 */
export const purgeSeries = async (series: SeriesRef): Promise<void> => {
  const removed = await removeSeriesItems(series);
  await new Promise((resolve) => setTimeout(resolve, STREAM_SETTLE_MS));
  await removeSeriesItems(series);
  logger.info('series purged', { point: series.pointId, removed });
};

/** Copies every source's values into the target (same times replace), then removes the sources. */
const merge = async (job: Extract<LaunchedJob, { kind: 'merge' }>): Promise<void> => {
  const [points, locations] = await Promise.all([pointsOfCustomerById(job.customerId), listLocationsOfCustomer(job.customerId)]);
  const target = points.get(job.pointId);
  if (!target) throw new Error(`Merge target ${job.pointId} is gone`);
  const zone = zoneOfPoint(target, locations);
  for (const [index, sourceId] of job.sourceIds.entries()) {
    const source = await getPoint(job.customerId, sourceId);
    if (!source) continue;
    await forEachMonthOfValues({ customerId: job.customerId, pointId: sourceId }, async (values) => {
      const copied = values.map((value) => ({ ...value, pointId: target._id, customerId: job.customerId, zone }));
      await storeValuesInBulk(job.customerId, copied, points);
      await recalculateDependents(job.customerId, target._id, copied[0].at, copied.at(-1)!.at);
    });
    await deletePoint(source);
    await purgeSeries({ customerId: job.customerId, pointId: sourceId });
    await progress(job, index + 1, job.sourceIds.length, 'running');
  }
};

/** Rewrites a point's stored values in its new unit, month by month. */
const convert = async (job: Extract<LaunchedJob, { kind: 'convert' }>): Promise<void> => {
  const [points, locations] = await Promise.all([pointsOfCustomerById(job.customerId), listLocationsOfCustomer(job.customerId)]);
  const point = points.get(job.pointId);
  if (!point) return;
  const zone = zoneOfPoint(point, locations);
  let done = 0;
  await forEachMonthOfValues({ customerId: job.customerId, pointId: job.pointId }, async (values) => {
    const converted = values.map((value) => ({
      ...value,
      pointId: job.pointId,
      customerId: job.customerId,
      zone,
      value: convertUnit(value.value, job.fromUnit, job.toUnit),
    }));
    await storeValuesInBulk(job.customerId, converted, points);
    await recalculateDependents(job.customerId, job.pointId, converted[0].at, converted.at(-1)!.at);
    done += 1;
    await progress(job, done, done + 1, 'running');
  });
};

const calculate = async (job: Extract<LaunchedJob, { kind: 'calculate' }>): Promise<void> => {
  const result = await computeCalculatedPoint(job.customerId, job.pointId, { from: job.from, to: job.to }, ({ done, total }) =>
    progress(job, done, total, 'running'),
  );
  logger.info('calculation done', { point: job.pointId, ...result });
  if (result.written > 0 && result.from !== undefined && result.to !== undefined) {
    await recalculateDependents(job.customerId, job.pointId, result.from, result.to);
  }
};

/** Long series work started by the API or the stream: calculations, merges, purges, conversions, with progress to the requester. */
export const runSeriesJob = async (job: LaunchedJob): Promise<void> => {
  logger.info('job started', { job: job.jobId, kind: job.kind, point: job.pointId });
  try {
    if (job.kind === 'calculate') await calculate(job);
    else if (job.kind === 'merge') await merge(job);
    else if (job.kind === 'convert') await convert(job);
    else await purgeSeries({ customerId: job.customerId, pointId: job.pointId });
    await progress(job, 1, 1, 'done');
  } catch (error) {
    logger.error('job failed', { job: job.jobId, ...describeError(error) });
    await progress(job, 0, 1, 'failed');
    throw error;
  }
};

/** The rollup packs' migration to the small packs (see rollup-pack-migration.ts), invoked by the deploy tool until it answers done. */
export interface RollupPackMigrationJob {
  kind: 'rollup_pack_migration';
  correlationId?: string;
}

export type SeriesWork = LaunchedJob | RollupPackMigrationJob | PointIndexBackfill | DeployMigrations | MapSummaryRebuild;

/** Time kept for the customer under way when the migration's deadline comes. */
const MIGRATION_MARGIN_MS = 3 * 60_000;

/** A backfill run leaves this much of the function's time unused (its last page's writes). */
const BACKFILL_MARGIN_MS = 30_000;

/**
 * What the series jobs function is given: a series job, a run of the rollup packs' migration
 * (answered: done or not), a run of the search index's backfill (answered: where the next starts) or
 * of maplytics' site summaries' rebuild (answered: done or not).
 */
export const runSeriesWork = async (job: SeriesWork, remainingMs = 15 * 60_000): Promise<unknown> => {
  if (job.kind === 'rollup_pack_migration') return migrateRollupPacks(Date.now() + Math.max(remainingMs - MIGRATION_MARGIN_MS, 0));
  if (isDeployMigrations(job)) return runDeployMigrations(Date.now() + Math.max(1_000, remainingMs - BACKFILL_MARGIN_MS));
  if (isMapSummaryRebuild(job)) return rebuildMapSummaries(job, Date.now() + Math.max(remainingMs - MIGRATION_MARGIN_MS, 0));
  if (isPointIndexBackfill(job)) return backfillPointIndex({ ...job, maxMs: Math.max(1_000, Math.min(job.maxMs ?? 60_000, remainingMs - BACKFILL_MARGIN_MS)) });
  await runSeriesJob(job);
  return undefined;
};
