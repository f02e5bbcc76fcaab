import type { DynamoDBStreamEvent } from 'aws-lambda';
import { rollUpRawChanges } from '../services/rollup-service';

/**
 * Keeps rollups in step with raw values: every insert, replacement and deletion of a raw value
 * in the series table triggers a recompute of the buckets it falls in, then of the calculated
 * points that depend on it.
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<void> => {
  await rollUpRawChanges(event.Records);
};
