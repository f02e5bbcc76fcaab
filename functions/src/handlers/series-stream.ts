import type { DynamoDBStreamEvent, Context } from 'aws-lambda';
import { rollUpRawChanges } from '../services/rollup-service';
import { correlated } from '../logger';

/**
 * Keeps rollups in step with raw values: every insert, replacement and deletion of a raw value
 * in the series table triggers a recompute of the buckets it falls in, then of the calculated
 * points that depend on it.
 */
export const handler = correlated(
  () => undefined,
  async (event: DynamoDBStreamEvent, _context: Context | undefined): Promise<void> => {
    await rollUpRawChanges(event.Records);
  },
);
