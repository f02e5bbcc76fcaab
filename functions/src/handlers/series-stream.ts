import type { DynamoDBStreamEvent } from 'aws-lambda';
import { listPointsOfCustomer } from '../data/point-repository';
import { describeError, logger } from '../logger';
import { dependentsOf } from '../services/calculation-service';
import { launchJob } from '../services/job-launcher';
import { recomputeRollups, type TouchedInstant } from '../services/rollup-service';

const DAY = 86_400_000;

/** New source data updates the calculated points that read it, over the days it touched. */
const refreshDependents = async (touched: readonly (TouchedInstant & { customerId: string })[]): Promise<void> => {
  const byCustomer = new Map<string, typeof touched>();
  for (const instant of touched) byCustomer.set(instant.customerId, [...(byCustomer.get(instant.customerId) ?? []), instant]);
  for (const [customerId, instants] of byCustomer) {
    const points = await listPointsOfCustomer(customerId);
    for (const dependent of dependentsOf(points, new Set(instants.map((instant) => instant.pointId)))) {
      const relevant = instants.filter((instant) => dependent.calculation!.points_list.some((entry) => entry.point_id === instant.pointId));
      const from = Math.min(...relevant.map((instant) => instant.at)) - DAY;
      const to = Math.max(...relevant.map((instant) => instant.at)) + DAY;
      await launchJob({ kind: 'calculate', customerId, pointId: dependent._id, requestedBy: null, from, to });
    }
  }
};

/**
 * Keeps rollups in step with raw values: every insert, replacement and deletion of a raw value
 * in the series table triggers a recompute of the buckets it falls in, then of the calculated
 * points that depend on it. Rollup items pass through the stream too and are ignored.
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<void> => {
  const touched: (TouchedInstant & { customerId: string })[] = [];
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage ?? record.dynamodb?.OldImage;
    const partition = image?.PK?.S;
    if (!image || !partition?.startsWith('S#')) continue;
    touched.push({
      pointId: partition.slice(2, partition.lastIndexOf('#')),
      at: Number(image.t?.N),
      zone: image.z?.S ?? 'Europe/Paris',
      customerId: image.c?.S ?? '',
    });
  }
  await recomputeRollups(touched);
  try {
    await refreshDependents(touched.filter((instant) => instant.customerId));
  } catch (error) {
    // Rollups are done; a failed refresh must not replay the batch. The calculation can be relaunched.
    logger.error('dependent calculations not launched', describeError(error));
  }
  logger.info('rollups recomputed', { records: event.Records.length, raw: touched.length });
};
