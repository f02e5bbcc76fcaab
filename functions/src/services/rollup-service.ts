import type { DynamoDBRecord } from 'aws-lambda';
import { DEFAULT_TIMEZONE } from '@shared/constants';
import { changedTimes, decodeHour, type RawEntry } from '../data/raw-hour';
import { seriesKeys } from '../data/series-keys';
import type { SeriesRef } from '../data/series-keys';
import { recomputeSeriesBuckets } from './rollup-buckets';
import { describeError, logger } from '../logger';
import { launchDependentCalculations } from './calculation-service';
import { announceNewData } from './realtime-service';

export interface TouchedInstant extends SeriesRef {
  at: number;
  zone: string;
}

/**
 * Recomputes every hour, day and month bucket a set of writes touched, from the level below:
 * idempotent, so replaying a stream batch or a replaced value gives the same rollups.
 */
export const recomputeRollups = async (touched: readonly TouchedInstant[]): Promise<void> => {
  if (touched.length === 0) return;
  const bySeries = new Map<string, { series: SeriesRef; zone: string; instants: number[] }>();
  for (const { customerId, pointId, zone, at } of touched) {
    const key = `${customerId}|${pointId}|${zone}`;
    const entry = bySeries.get(key) ?? { series: { customerId, pointId }, zone, instants: [] };
    entry.instants.push(at);
    bySeries.set(key, entry);
  }
  await Promise.all([...bySeries.values()].map(({ series, zone, instants }) => recomputeSeriesBuckets(series, zone, instants)));
};

type Image = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;

/** An hour item's entries in a stream image (its binary columns come base64-encoded). */
const entriesOfImage = (image: Image | undefined, SK: string): RawEntry[] =>
  image ? decodeHour(seriesKeys.rawHourStart(SK), { o: image.o?.B, v: image.v?.B, s: image.s?.B }) : [];

/**
 * The raw values a batch of series-table stream records wrote or removed. Rollup items and bulk
 * writes are left out. An hour item's record touches the times whose value or status differ
 * between its old and new images (all of the old image's when the item was removed); a legacy
 * item's (one value, before issue 41's hour items) its one time.
 */
export const touchedByRecords = (records: readonly DynamoDBRecord[]): TouchedInstant[] =>
  records.flatMap((record) => {
    const image = record.dynamodb?.NewImage ?? record.dynamodb?.OldImage;
    const partition = image?.PK?.S;
    if (!image || !partition?.startsWith('S#')) return [];
    // The bulk path wrote this value's rollups itself (a deletion always recomputes). The event
    // filter already drops these; the check keeps the function right without it.
    if (record.dynamodb?.NewImage?.b?.N === '1') return [];
    const series = seriesKeys.seriesOfRaw(partition);
    const zone = image.z?.S || record.dynamodb?.OldImage?.z?.S || DEFAULT_TIMEZONE;
    const SK = image.SK?.S ?? '';
    if (seriesKeys.isRawHour(SK)) {
      return changedTimes(entriesOfImage(record.dynamodb?.OldImage, SK), entriesOfImage(record.dynamodb?.NewImage, SK)).map((at) => ({ ...series, at, zone }));
    }
    return [{ ...series, at: Number(image.t?.N), zone }];
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
