import type { JobProgress } from '@shared/realtime/events';
import { convertUnit } from '@shared/series/unit-conversion';
import { getPoint } from '../data/point-repository';
import { deleteRawValues, earliestRollup, listRawEntries } from '../data/series-repository';
import { listLocationsOfCustomer } from '../data/location-repository';
import { deletePoint } from '../data/point-repository';
import { describeError, logger } from '../logger';
import { refreshRange } from '@shared/series/calculation-settings';
import { computeCalculatedPoint, dependentsOf } from '../services/calculation-service';
import { listPointsOfCustomer } from '../data/point-repository';
import type { LaunchedJob } from '../services/job-launcher';
import { pushToUser } from '../services/realtime-service';
import { pointsOfCustomerById, storeValuesInBulk, zoneOfPoint } from '../services/series-service';

const MONTH = 31 * 86_400_000;

const progress = async (job: LaunchedJob, done: number, total: number, state: JobProgress['state']) => {
  if (!job.requestedBy) return;
  await pushToUser(job.requestedBy, {
    event: 'jobProgress',
    data: { job: job.jobId, kind: job.kind, point: job.pointId, done, total, state },
  }).catch((error) => logger.warn('progress not pushed', describeError(error)));
};

/** Every raw value of a point, month by month, so memory stays flat whatever the history. */
const forEachMonthOfValues = async (
  pointId: string,
  visit: (values: Awaited<ReturnType<typeof listRawEntries>>) => Promise<void>,
): Promise<void> => {
  const first = await earliestRollup(pointId, 'month');
  if (!first) return;
  for (let from = first.start; from < Date.now() + MONTH; from += MONTH) {
    const values = await listRawEntries(pointId, from, from + MONTH);
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

const purge = async (job: LaunchedJob): Promise<void> => {
  let removed = 0;
  await forEachMonthOfValues(job.pointId, async (values) => {
    await deleteRawValues(job.pointId, values.map((value) => value.at));
    removed += values.length;
  });
  logger.info('series purged', { point: job.pointId, removed });
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
    await forEachMonthOfValues(sourceId, async (values) => {
      const copied = values.map((value) => ({ ...value, pointId: target._id, customerId: job.customerId, zone }));
      await storeValuesInBulk(job.customerId, copied, points);
      await recalculateDependents(job.customerId, target._id, copied[0].at, copied.at(-1)!.at);
    });
    await deletePoint(source);
    await purge({ ...job, kind: 'purge', pointId: sourceId });
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
  await forEachMonthOfValues(job.pointId, async (values) => {
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

/** Long series work started by the API or the stream: calculations, merges, purges, conversions. */
export const handler = async (job: LaunchedJob): Promise<void> => {
  logger.info('job started', { job: job.jobId, kind: job.kind, point: job.pointId });
  try {
    if (job.kind === 'calculate') {
      const result = await computeCalculatedPoint(job.customerId, job.pointId, { from: job.from, to: job.to }, ({ done, total }) =>
        progress(job, done, total, 'running'),
      );
      logger.info('calculation done', { point: job.pointId, ...result });
      if (result.written > 0 && result.from !== undefined && result.to !== undefined) {
        await recalculateDependents(job.customerId, job.pointId, result.from, result.to);
      }
    } else if (job.kind === 'merge') {
      await merge(job);
    } else if (job.kind === 'convert') {
      await convert(job);
    } else {
      await purge(job);
    }
    await progress(job, 1, 1, 'done');
  } catch (error) {
    logger.error('job failed', { job: job.jobId, ...describeError(error) });
    await progress(job, 0, 1, 'failed');
    throw error;
  }
};
