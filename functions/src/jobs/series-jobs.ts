import type { JobProgress } from '@shared/realtime/events';
import { getPoint } from '../data/point-repository';
import { deleteRawValues, earliestRollup, listRawEntries } from '../data/series-repository';
import { listLocationsOfCustomer } from '../data/location-repository';
import { deletePoint } from '../data/point-repository';
import { describeError, logger } from '../logger';
import { computeCalculatedPoint } from '../services/calculation-service';
import type { LaunchedJob } from '../services/job-launcher';
import { pushToUser } from '../services/realtime-service';
import { pointsOfCustomerById, storeValues, zoneOfPoint } from '../services/series-service';

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
    await forEachMonthOfValues(sourceId, (values) =>
      storeValues(
        job.customerId,
        values.map((value) => ({ ...value, pointId: target._id, customerId: job.customerId, zone })),
        points,
      ),
    );
    await deletePoint(source);
    await purge({ ...job, kind: 'purge', pointId: sourceId });
    await progress(job, index + 1, job.sourceIds.length, 'running');
  }
};

/** Long series work started by the API or the stream: calculations, merges, purges. */
export const handler = async (job: LaunchedJob): Promise<void> => {
  logger.info('job started', { job: job.jobId, kind: job.kind, point: job.pointId });
  try {
    if (job.kind === 'calculate') {
      const result = await computeCalculatedPoint(job.customerId, job.pointId, { from: job.from, to: job.to }, ({ done, total }) =>
        progress(job, done, total, 'running'),
      );
      logger.info('calculation done', { point: job.pointId, ...result });
    } else if (job.kind === 'merge') {
      await merge(job);
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
