import type { DynamoDBStreamEvent } from 'aws-lambda';
import { describeError, logger } from '../logger';
import { launchDependentCalculations } from '../services/calculation-service';
import { recomputeRollups, type TouchedInstant } from '../services/rollup-service';


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
    // The bulk path wrote this value's rollups itself (a deletion always recomputes). The event
    // filter already drops these; the check keeps the handler right without it.
    if (record.dynamodb?.NewImage?.b?.N === '1') continue;
    touched.push({
      pointId: partition.slice(2, partition.lastIndexOf('#')),
      at: Number(image.t?.N),
      zone: image.z?.S ?? 'Europe/Paris',
      customerId: image.c?.S ?? '',
    });
  }
  await recomputeRollups(touched);
  try {
    const byCustomer = new Map<string, typeof touched>();
    for (const instant of touched) byCustomer.set(instant.customerId, [...(byCustomer.get(instant.customerId) ?? []), instant]);
    for (const [customerId, instants] of byCustomer) if (customerId) await launchDependentCalculations(customerId, instants);
  } catch (error) {
    // Rollups are done; a failed refresh must not replay the batch. The calculation can be relaunched.
    logger.error('dependent calculations not launched', describeError(error));
  }
  logger.info('rollups recomputed', { records: event.Records.length, raw: touched.length });
};
