import { forEachConcurrently } from '../concurrency';
import type { Point } from '@shared/schemas/point';
import type { DataEntry } from '@shared/schemas/series';
import { bucketStart, nextBucketStart } from '@shared/series/buckets';
import { listLocationsOfCustomer } from '../data/location-repository';
import { advanceLastDataDate } from '../data/point-repository';
import type { StatusCode, StoredValue } from '../data/raw-value-repository';
import { deleteRawValues, listRawEntries, listRawMonths, putRawValues, rawValueWriter, type RawValueWriter } from '../data/raw-value-repository';
import { readPackForUpdate, writePackOnVersion, writeRollupsFromSources } from '../data/rollup-repository';
import { seriesKeys, seriesOfPoint, type SeriesRef } from '../data/series-keys';
import { AppError } from '../errors';
import { customerOf, type Caller } from './caller';
import { listVisiblePoints } from './point-service';
import { announceNewData } from './realtime-service';
import { bucketsFromSources, hourBucketsOfValues, recomputeSeriesBuckets } from './rollup-buckets';
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
 * by the caller), one point and local month at a time (a few at once), memory flat:
 * 1. the hour packs the values fall in are read first, for their versions;
 * 2. one comparison read of what is stored over the values' stretch widened to whole hours;
 * 3. only the values that are new or differ (value or status) are written — the same file
 *    imported twice writes nothing the second time —, through a pool of full 25-item batches
 *    shared by every point-month of the job (`writer`, or one for the call);
 * 4. the touched hours are computed from what the read gave and what was written (no read-back)
 *    and each hour pack written on the version read in 1; a pack another writer changed in
 *    between (a single write's stream recompute, another bulk writer) is recomputed from the
 *    table instead, its version read before its sources, so no rollup is ever left stale;
 * 5. the touched days and months from the hours and days (a few pack items).
 * Dependent calculated points are the caller's to refresh.
 */
/** Point-months written at once by the bulk path. */
const BULK_CHUNKS_AT_ONCE = 8;
/** BatchWriteItem calls at once of a bulk job's pool. */
export const BULK_WRITES_IN_FLIGHT = 4;

export const storeValuesInBulk = async (
  customerId: string,
  values: readonly StoredValue[],
  pointsById: ReadonlyMap<string, Point>,
  options: { announce?: boolean; writer?: RawValueWriter } = {},
): Promise<BulkOutcome> => {
  const chunks = new Map<string, StoredValue[]>();
  for (const value of values) {
    const key = `${value.customerId}|${value.pointId}|${value.zone}|${bucketStart(value.at, 'month', value.zone)}`;
    const chunk = chunks.get(key);
    if (chunk) chunk.push(value);
    else chunks.set(key, [value]);
  }
  const outcome: BulkOutcome = { written: 0, unchanged: 0, changedPoints: new Set() };
  const writer = options.writer ?? rawValueWriter({ inFlight: BULK_WRITES_IN_FLIGHT });
  // Point-months are independent stretches of series: several at once keep the table busy while
  // this process compares and rolls up the next ones.
  await forEachConcurrently(chunks, BULK_CHUNKS_AT_ONCE, async ([key, chunk]) => {
    const series: SeriesRef = { customerId: chunk[0].customerId, pointId: chunk[0].pointId };
    const { written, unchanged } = await storePointMonth(series, key.split('|')[2], chunk, writer);
    outcome.unchanged += unchanged;
    outcome.written += written;
    if (written > 0) outcome.changedPoints.add(series.pointId);
  });
  await noteLastDataDates(customerId, values, pointsById);
  // A caller writing one batch in several calls (a file import) announces once, at its end.
  if (options.announce !== false) await announceNewData(customerId, outcome.changedPoints);
  return outcome;
};

/** The values of one point and local month through steps 1–5 of `storeValuesInBulk`. */
const storePointMonth = async (
  series: SeriesRef,
  zone: string,
  chunk: readonly StoredValue[],
  writer: RawValueWriter,
): Promise<{ written: number; unchanged: number }> => {
  // The last of several values at one time wins, as it would when written in order.
  const latest = new Map(chunk.map((value) => [value.at, value]));
  let first = Infinity;
  let last = -Infinity;
  for (const at of latest.keys()) {
    first = Math.min(first, at);
    last = Math.max(last, at);
  }
  // Only the stretch the values cover (to whole hours) is read: a file's later rows of a month do not read its earlier ones again.
  const from = bucketStart(first, 'hour', zone);
  const to = nextBucketStart(bucketStart(last, 'hour', zone), 'hour', zone);
  const packs = await Promise.all(
    seriesKeys.monthsBetween(from, to).map((month) => readPackForUpdate(series, 'hour', Math.max(from, Date.UTC(Number(month.slice(0, 4)), Number(month.slice(4)) - 1, 1)))),
  );
  // Strongly consistent: a single write that landed (and was rolled up) just before must be in the hours computed here.
  const stored = await listRawEntries(series, from, to, { consistent: true });
  const storedAt = new Map(stored.map((entry) => [entry.at, entry]));
  const changed = [...latest.values()].filter((value) => storedAt.get(value.at)?.value !== value.value || storedAt.get(value.at)?.status !== value.status);
  if (changed.length === 0) return { written: 0, unchanged: latest.size };
  await writer.write(changed);
  // The hours as the table now holds them: what was read, with what was written over it.
  const values = new Map(stored.map((entry) => [entry.at, entry.value]));
  for (const value of changed) values.set(value.at, value.value);
  const sorted = [...values].sort((a, b) => a[0] - b[0]).map(([at, value]) => ({ at, value }));
  const hours = new Set(changed.map((value) => bucketStart(value.at, 'hour', zone)));
  const buckets = hourBucketsOfValues(sorted, zone, hours);
  await Promise.all(
    packs.map(async (pack) => {
      const changes = new Map([...buckets].filter(([start]) => seriesKeys.rollupPack(series, 'hour', start).SK === pack.key.SK));
      if (changes.size === 0) return;
      if (await writePackOnVersion(series, 'hour', pack, changes)) return;
      await writeRollupsFromSources(series, 'hour', [...changes.keys()], (starts) => bucketsFromSources(series, 'hour', zone, starts));
    }),
  );
  await recomputeSeriesBuckets(series, zone, changed.map((value) => value.at), ['day', 'month']);
  return { written: changed.length, unchanged: latest.size - changed.length };
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

