import type { DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../logger';
import { recomputeRollups, type TouchedInstant } from '../services/rollup-service';

/**
 * Keeps rollups in step with raw values: every insert, replacement and deletion of a raw value
 * in the series table triggers a recompute of the buckets it falls in. Rollup items themselves
 * pass through the stream too and are ignored.
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<void> => {
  const touched: TouchedInstant[] = [];
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage ?? record.dynamodb?.OldImage;
    const partition = image?.PK?.S;
    if (!image || !partition?.startsWith('S#')) continue;
    touched.push({
      pointId: partition.slice(2, partition.lastIndexOf('#')),
      at: Number(image.t?.N),
      zone: image.z?.S ?? 'Europe/Paris',
    });
  }
  await recomputeRollups(touched);
  logger.info('rollups recomputed', { records: event.Records.length, raw: touched.length });
};
