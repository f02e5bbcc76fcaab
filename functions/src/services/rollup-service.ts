import type { DynamoDBRecord } from 'aws-lambda';
import { DEFAULT_TIMEZONE } from '@shared/constants';
import { aggregateOf, mergeAggregates } from '@shared/series/aggregate';
import { bucketStart, nextBucketStart, type RollupLevel } from '@shared/series/buckets';
import { seriesKeys } from '../data/series-keys';
import { listRawValues, listRollups, writeRollups, type SeriesRef, type StoredRollup } from '../data/series-repository';
import { describeError, logger } from '../logger';
import { launchDependentCalculations } from './calculation-service';
import { announceNewData } from './realtime-service';

export interface TouchedInstant extends SeriesRef {
  at: number;
  zone: string;
}

const seriesKey = ({ customerId, pointId }: SeriesRef) => `${customerId}|${pointId}`;

const distinctBuckets = (touched: readonly TouchedInstant[], level: RollupLevel) => {
  const buckets = new Map<string, { series: SeriesRef; zone: string; start: number }>();
  for (const { customerId, pointId, zone, at } of touched) {
    const start = bucketStart(at, level, zone);
    buckets.set(`${customerId}|${pointId}|${zone}|${start}`, { series: { customerId, pointId }, zone, start });
  }
  return [...buckets.values()];
};

/** Where each level's buckets are computed from: hours from raw values, days from hours, months from days. */
const SOURCE: Record<Exclude<RollupLevel, 'hour'>, RollupLevel> = { day: 'hour', month: 'day' };

const recomputeLevel = async (touched: readonly TouchedInstant[], level: RollupLevel): Promise<void> => {
  const changesBySeries = new Map<string, { series: SeriesRef; changes: Map<number, StoredRollup | null> }>();
  await Promise.all(
    distinctBuckets(touched, level).map(async ({ series, zone, start }) => {
      const end = nextBucketStart(start, level, zone);
      const aggregate =
        level === 'hour'
          ? aggregateOf(await listRawValues(series, start, end))
          : mergeAggregates(await listRollups(series, SOURCE[level], start, end));
      const entry = changesBySeries.get(seriesKey(series)) ?? { series, changes: new Map<number, StoredRollup | null>() };
      changesBySeries.set(seriesKey(series), entry);
      entry.changes.set(start, aggregate ? { ...aggregate, start } : null);
    }),
  );
  await Promise.all([...changesBySeries.values()].map(({ series, changes }) => writeRollups(series, level, changes)));
};

/**
 * Recomputes every hour, day and month bucket a set of writes touched, from the level below:
 * idempotent, so replaying a stream batch or a replaced value gives the same rollups.
 */
export const recomputeRollups = async (touched: readonly TouchedInstant[]): Promise<void> => {
  if (touched.length === 0) return;
  await recomputeLevel(touched, 'hour');
  await recomputeLevel(touched, 'day');
  await recomputeLevel(touched, 'month');
};

/** The raw values a batch of series-table stream records wrote or removed. Rollup items and bulk writes are left out. */
const touchedByRecords = (records: readonly DynamoDBRecord[]): TouchedInstant[] =>
  records.flatMap((record) => {
    const image = record.dynamodb?.NewImage ?? record.dynamodb?.OldImage;
    const partition = image?.PK?.S;
    if (!image || !partition?.startsWith('S#')) return [];
    // The bulk path wrote this value's rollups itself (a deletion always recomputes). The event
    // filter already drops these; the check keeps the function right without it.
    if (record.dynamodb?.NewImage?.b?.N === '1') return [];
    return [{ ...seriesKeys.seriesOfRaw(partition), at: Number(image.t?.N), zone: image.z?.S ?? DEFAULT_TIMEZONE }];
  });

/** Rolls up what a stream batch changed, then relaunches the calculated points reading those points. */
export const rollUpRawChanges = async (records: readonly DynamoDBRecord[]): Promise<void> => {
  const touched = touchedByRecords(records);
  await recomputeRollups(touched);
  const pointsByCustomer = new Map<string, string[]>();
  for (const instant of touched) pointsByCustomer.set(instant.customerId, [...(pointsByCustomer.get(instant.customerId) ?? []), instant.pointId]);
  await Promise.all([...pointsByCustomer].map(([customerId, points]) => announceNewData(customerId, points)));
  try {
    const byCustomer = new Map<string, TouchedInstant[]>();
    for (const instant of touched) byCustomer.set(instant.customerId, [...(byCustomer.get(instant.customerId) ?? []), instant]);
    for (const [customerId, instants] of byCustomer) await launchDependentCalculations(customerId, instants);
  } catch (error) {
    // Rollups are done; a failed refresh must not replay the batch. The calculation can be relaunched.
    logger.error('dependent calculations not launched', describeError(error));
  }
  logger.info('rollups recomputed', { records: records.length, raw: touched.length });
};
