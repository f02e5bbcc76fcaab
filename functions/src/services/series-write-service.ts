import { forEachConcurrently } from '../concurrency';
import type { Point } from '@shared/schemas/point';
import type { DataEntry } from '@shared/schemas/series';
import { bucketStart, nextBucketStart } from '@shared/series/buckets';
import { listLocationsOfCustomer } from '../data/location-repository';
import { advanceLastDataDate } from '../data/point-repository';
import type { StatusCode, StoredValue } from '../data/raw-value-repository';
import { deleteRawValues, listRawEntries, listRawMonths, putRawValues } from '../data/raw-value-repository';
import { seriesOfPoint, type SeriesRef } from '../data/series-keys';
import { AppError } from '../errors';
import { customerOf, type Caller } from './caller';
import { listVisiblePoints } from './point-service';
import { announceNewData } from './realtime-service';
import { recomputeSeriesBuckets } from './rollup-buckets';
import { zoneOfPoint } from './series-service';

/**
 * Values into the series: single writes (people, API clients; the table stream rolls them up),
 * the bulk path (imports, merges, calculations, demo data; rollups computed here) and deletions.
 * Reading them back is the series engine's (series-service).
 */

/**
 * Stores values sent by people or clients. Every entry is checked first (known point of the
 * caller's customer, valid date and value): one bad entry and nothing is written.
 */
export const ingestEntries = async (caller: Caller, entries: readonly DataEntry[]) => {
  const customerId = customerOf(caller);
  const [points, locations] = await Promise.all([listVisiblePoints(caller), listLocationsOfCustomer(customerId)]);
  const byId = new Map(points.map((point) => [point._id, point]));
  const values: StoredValue[] = entries.map((entry) => {
    const point = byId.get(entry.point);
    if (!point) throw new AppError('not_found', { details: `point ${entry.point}` });
    return {
      pointId: point._id,
      customerId,
      at: Date.parse(entry.date),
      value: entry.value,
      status: entry.status ?? ('8' satisfies StatusCode),
      zone: zoneOfPoint(point, locations),
    };
  });
  await storeValues(customerId, values, byId);
  return { saved: values.length };
};

/** Single values from people and API clients: rollups follow through the table stream. */
export const storeValues = async (
  customerId: string,
  values: readonly StoredValue[],
  pointsById: ReadonlyMap<string, Point>,
): Promise<void> => {
  await putRawValues(values);
  await noteLastDataDates(customerId, values, pointsById);
};

/** What a bulk write did: values new or changed (written), and values equal to what was stored (left alone). */
export interface BulkOutcome {
  written: number;
  unchanged: number;
  /** Points that got new or changed values. */
  changedPoints: Set<string>;
}

/**
 * The bulk path shared by imports, merges, calculations and demo data (values already checked
 * by the caller). Per point and local month it reads what is stored, keeps only the values that
 * are new or differ (value or status) — the same file imported twice writes nothing the second
 * time —, writes them, then recomputes the hour, day and month buckets they touched from the
 * table: a few calls per month of data instead of a recompute per touched hour. Memory stays
 * flat: one point-month at a time. Dependent calculated points are the caller's to refresh.
 */
/** Point-months written at once by the bulk path. */
const BULK_CHUNKS_AT_ONCE = 4;

export const storeValuesInBulk = async (
  customerId: string,
  values: readonly StoredValue[],
  pointsById: ReadonlyMap<string, Point>,
  options: { announce?: boolean } = {},
): Promise<BulkOutcome> => {
  const chunks = new Map<string, StoredValue[]>();
  for (const value of values) {
    const key = `${value.customerId}|${value.pointId}|${value.zone}|${bucketStart(value.at, 'month', value.zone)}`;
    const chunk = chunks.get(key);
    if (chunk) chunk.push(value);
    else chunks.set(key, [value]);
  }
  const outcome: BulkOutcome = { written: 0, unchanged: 0, changedPoints: new Set() };
  const changedPoints = outcome.changedPoints;
  // Point-months are independent stretches of series: a few at once keep the table busy while
  // this process compares and encodes the next ones.
  await forEachConcurrently(chunks, BULK_CHUNKS_AT_ONCE, async ([key, chunk]) => {
    const zone = key.split('|')[2];
    const series: SeriesRef = { customerId: chunk[0].customerId, pointId: chunk[0].pointId };
    // The last of several values at one time wins, as it would when written in order.
    const latest = new Map(chunk.map((value) => [value.at, value]));
    // Only the stretch the values cover is compared: a file's later rows of a month do not read its earlier ones again.
    let first = Infinity;
    let last = -Infinity;
    for (const at of latest.keys()) {
      first = Math.min(first, at);
      last = Math.max(last, at);
    }
    const stored = new Map((await listRawEntries(series, first, last + 1)).map((entry) => [entry.at, entry]));
    const changed = [...latest.values()].filter((value) => stored.get(value.at)?.value !== value.value || stored.get(value.at)?.status !== value.status);
    outcome.unchanged += latest.size - changed.length;
    if (changed.length === 0) return;
    await putRawValues(changed, { bulk: true });
    // The touched buckets are recomputed from what the table holds once the values are written,
    // each pack read before its sources: a single write landing meanwhile is never rolled over.
    await recomputeSeriesBuckets(series, zone, changed.map((value) => value.at));
    outcome.written += changed.length;
    changedPoints.add(series.pointId);
  });
  await noteLastDataDates(customerId, values, pointsById);
  // A caller writing one batch in several calls (a file import) announces once, at its end.
  if (options.announce !== false) await announceNewData(customerId, changedPoints);
  return outcome;
};

const noteLastDataDates = async (
  customerId: string,
  values: readonly StoredValue[],
  pointsById: ReadonlyMap<string, Point>,
): Promise<void> => {
  const latest = new Map<string, number>();
  for (const value of values) latest.set(value.pointId, Math.max(latest.get(value.pointId) ?? 0, value.at));
  const advanced = [...latest].filter(([pointId, at]) => {
    const known = pointsById.get(pointId)?.last_data_date;
    return !known || Date.parse(known) < at;
  });
  await Promise.all(advanced.map(([pointId, at]) => advanceLastDataDate(customerId, pointId, new Date(at).toISOString())));
};

const parseBound = (bound: string, zone: string, end: boolean): number | null => {
  if (bound === 'none') return null;
  // A bare date means the whole day, 00:00 to 23:59 in the point's zone.
  if (/^\d{4}-\d{2}-\d{2}$/.test(bound)) {
    const start = bucketStart(Date.parse(`${bound}T12:00:00Z`), 'day', zone);
    return end ? nextBucketStart(start, 'day', zone) - 1 : start;
  }
  const instant = Date.parse(bound);
  if (!Number.isFinite(instant)) throw new AppError('validation_failed', { details: `bad bound ${bound}` });
  return instant;
};

/** Deletes a point's values between two bounds (inclusive); `none` leaves a side open. */
export const deleteValues = async (caller: Caller, pointId: string, fromBound: string, toBound: string) => {
  const customerId = customerOf(caller);
  const [points, locations] = await Promise.all([listVisiblePoints(caller), listLocationsOfCustomer(customerId)]);
  const point = points.find((candidate) => candidate._id === pointId);
  if (!point) throw new AppError('not_found');
  const zone = zoneOfPoint(point, locations);
  const from = parseBound(fromBound, zone, false) ?? Date.parse(point.created_at) - 100 * 365 * 86_400_000;
  const to = parseBound(toBound, zone, true) ?? Date.now() + 365 * 86_400_000;
  if (to < from) throw new AppError('validation_failed', { details: 'to is before from' });
  // The first month values were written in bounds an open start (rollups may lag behind the writes).
  const [firstMonth] = await listRawMonths(seriesOfPoint(point));
  if (firstMonth === undefined) return { deleted: 0 };
  const first = Date.UTC(Number(firstMonth.slice(0, 4)), Number(firstMonth.slice(4)) - 1, 1);
  const entries = await listRawEntries(seriesOfPoint(point), Math.max(from, first), to + 1);
  await deleteRawValues(seriesOfPoint(point), entries.map((entry) => entry.at));
  return { deleted: entries.length };
};

