import { forEachConcurrently } from '../concurrency';
import type { Point } from '@shared/schemas/point';
import type { DataEntry } from '@shared/schemas/series';
import { bucketStart, nextBucketStart, type RollupLevel } from '@shared/series/buckets';
import { listLocationsOfCustomer } from '../data/location-repository';
import { advanceLastDataDate } from '../data/point-repository';
import type { StatusCode, StoredValue } from '../data/raw-value-repository';
import { deleteRawValues, listRawEntries, listRawMonths, putRawValues } from '../data/raw-value-repository';
import type { StoredRollup } from '../data/rollup-pack';
import { readPacksForUpdate, writePackOnVersion, writeRollupsFromSources } from '../data/rollup-repository';
import { seriesKeys, seriesOfPoint, type SeriesRef } from '../data/series-keys';
import { AppError } from '../errors';
import { customerOf, type Caller } from './caller';
import { listVisiblePoints } from './point-service';
import { announceNewData } from './realtime-service';
import { bulkWriteSession, StoredStretch, type BulkWriteSession } from './bulk-write-session';
import { bucketsFromSources, hourBucketsOfValues, recomputeSeriesBuckets, rollupsAbove } from './rollup-buckets';
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
 * 1. the rollup packs the point-month's buckets live in (its hours, its days, the month) are read
 *    first, in one batch, for their versions and buckets;
 * 2. one comparison read of what is stored over the values' stretch widened to whole hours (to
 *    the month's end when more rows of it may follow);
 * 3. only the values that are new or differ (value or status) are written — the same file
 *    imported twice writes nothing the second time —, through a pool of full 25-item batches
 *    shared by every point-month of the job;
 * 4. the touched hours are computed from what the read gave and what was written (no read-back)
 *    and each hour pack written on the version read in 1; then the touched days and the month
 *    from the hours in memory, each pack on its version. A pack another writer changed in
 *    between (a single write's stream recompute, another bulk writer) is recomputed from the
 *    table instead, its version read before its sources, so no rollup is ever left stale.
 * A job writing in several calls (a file import) passes one `session`: what 1 and 2 read, and
 * the packs as written in 4, are kept for its next calls (bounded), so a point-month whose rows
 * come over several calls is compared and its packs read once.
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
  options: { announce?: boolean; session?: BulkWriteSession; laterRowsMayFollow?: boolean } = {},
): Promise<BulkOutcome> => {
  const chunks = new Map<string, StoredValue[]>();
  for (const value of values) {
    const key = `${value.customerId}|${value.pointId}|${value.zone}|${bucketStart(value.at, 'month', value.zone)}`;
    const chunk = chunks.get(key);
    if (chunk) chunk.push(value);
    else chunks.set(key, [value]);
  }
  const outcome: BulkOutcome = { written: 0, unchanged: 0, changedPoints: new Set() };
  const session = options.session ?? bulkWriteSession({ inFlight: BULK_WRITES_IN_FLIGHT });
  // Point-months are independent stretches of series: several at once keep the table busy while
  // this process compares and rolls up the next ones.
  await forEachConcurrently(chunks, BULK_CHUNKS_AT_ONCE, async ([key, chunk]) => {
    const series: SeriesRef = { customerId: chunk[0].customerId, pointId: chunk[0].pointId };
    const { written, unchanged } = await storePointMonth(session, key, series, chunk, options.laterRowsMayFollow === true);
    outcome.unchanged += unchanged;
    outcome.written += written;
    if (written > 0) outcome.changedPoints.add(series.pointId);
  });
  await noteLastDataDates(customerId, values, pointsById);
  // A caller writing one batch in several calls (a file import) announces once, at its end.
  if (options.announce !== false) await announceNewData(customerId, outcome.changedPoints);
  return outcome;
};

const packId = (key: { PK: string; SK: string }): string => `${key.PK}|${key.SK}`;

/**
 * Reads the packs of these keys the session does not keep, in one batch, and keeps them (a pack
 * a writer of the session kept meanwhile is newer than the one read, and stays).
 */
const keepPacks = async (session: BulkWriteSession, keys: readonly { PK: string; SK: string }[]): Promise<void> => {
  for (const pack of await readPacksForUpdate(keys.filter((key) => !session.packs.get(packId(key))))) {
    if (!session.packs.get(packId(pack.key))) session.packs.set(packId(pack.key), pack);
  }
};

/**
 * What the table holds of a point-month over [from, to) at least: the session's stretch when it
 * covers it, else what it lacks read (strongly consistent: a single write that landed, and was
 * rolled up, just before must be in the hours computed here) and kept.
 */
const storedOver = async (session: BulkWriteSession, chunkKey: string, series: SeriesRef, from: number, to: number): Promise<StoredStretch> => {
  const kept = session.stretches.get(chunkKey);
  if (kept && kept.from <= from && kept.to >= to) return kept;
  if (!kept) {
    const stretch = StoredStretch.of(from, to, await listRawEntries(series, from, to, { consistent: true }));
    session.stretches.set(chunkKey, stretch);
    return stretch;
  }
  // Only what the kept stretch lacks, before and after it: the two stay one stretch.
  const [lower, upper] = [Math.min(from, kept.from), Math.max(to, kept.to)];
  const read = await Promise.all([
    lower < kept.from ? listRawEntries(series, lower, kept.from, { consistent: true }) : [],
    upper > kept.to ? listRawEntries(series, kept.to, upper, { consistent: true }) : [],
  ]);
  const stretch = kept.widened(lower, upper, read.flat());
  session.stretches.set(chunkKey, stretch);
  return stretch;
};

/**
 * Changed buckets of one level written into their packs on the versions the session holds (one
 * writer of a pack at a time); a pack another writer changed meanwhile is recomputed from the
 * table instead and forgotten. False when that happened to any pack.
 */
const writeBucketsOnVersions = async (
  session: BulkWriteSession,
  series: SeriesRef,
  level: RollupLevel,
  zone: string,
  buckets: ReadonlyMap<number, StoredRollup | null>,
): Promise<boolean> => {
  const byPack = new Map<string, Map<number, StoredRollup | null>>();
  for (const [start, rollup] of buckets) {
    const id = packId(seriesKeys.rollupPack(series, level, start));
    byPack.set(id, (byPack.get(id) ?? new Map()).set(start, rollup));
  }
  const landed = await Promise.all(
    [...byPack].map(([id, changes]) =>
      session.serially(id, async () => {
        // A pack no longer kept was read after the comparison: only a recomputation is sure to hold every value.
        const pack = session.packs.get(id);
        const written = pack ? await writePackOnVersion(series, level, pack, changes) : null;
        if (written) {
          session.packs.set(id, written);
          return true;
        }
        session.packs.delete(id);
        await writeRollupsFromSources(series, level, [...changes.keys()], (starts) => bucketsFromSources(series, level, zone, starts));
        return false;
      }),
    ),
  );
  return landed.every(Boolean);
};

/** The values of one point and local month through steps 1–4 of `storeValuesInBulk`. */
const storePointMonth = async (
  session: BulkWriteSession,
  chunkKey: string,
  series: SeriesRef,
  chunk: readonly StoredValue[],
  laterRowsMayFollow: boolean,
): Promise<{ written: number; unchanged: number }> => {
  const zone = chunk[0].zone;
  // The last of several values at one time wins, as it would when written in order.
  const latest = new Map(chunk.map((value) => [value.at, value]));
  let first = Infinity;
  let last = -Infinity;
  for (const at of latest.keys()) {
    first = Math.min(first, at);
    last = Math.max(last, at);
  }
  const monthStart = bucketStart(first, 'month', zone);
  const monthEnd = nextBucketStart(monthStart, 'month', zone);
  const from = bucketStart(first, 'hour', zone);
  // Only the stretch the values cover (to whole hours) is read, or up to the month's end when the
  // caller's next calls may bring the month's later rows: one read for all of them.
  const to = laterRowsMayFollow ? monthEnd : nextBucketStart(bucketStart(last, 'hour', zone), 'hour', zone);
  // The month's hours hold its days and the month: every pack they are kept in, versions first.
  const hourPacks = seriesKeys.monthsBetween(monthStart, monthEnd).map((month) => seriesKeys.rollupPack(series, 'hour', Math.max(monthStart, Date.UTC(Number(month.slice(0, 4)), Number(month.slice(4)) - 1, 1))));
  const dayPacks = seriesKeys.packsBetween('day', monthStart, monthEnd).map((SK) => ({ PK: seriesKeys.rollupPartition(series, 'day'), SK }));
  const monthPack = seriesKeys.rollupPack(series, 'month', monthStart);
  await keepPacks(session, [...hourPacks, ...dayPacks, monthPack]);
  let stored = await storedOver(session, chunkKey, series, from, to);
  const changed = [...latest.values()].filter((value) => {
    const found = stored.find(value.at);
    return found?.value !== value.value || found.status !== value.status;
  });
  if (changed.length === 0) return { written: 0, unchanged: latest.size };
  await session.writer.write(changed);
  stored = stored.withWrites(changed);
  session.stretches.set(chunkKey, stored);
  // The hours as the table now holds them: what was read, with what was written over it.
  const hours = new Set(changed.map((value) => bucketStart(value.at, 'hour', zone)));
  const hourBuckets = hourBucketsOfValues(stored.valuesBetween(Math.min(...hours), nextBucketStart(Math.max(...hours), 'hour', zone)), zone, hours);
  const hoursLanded = await writeBucketsOnVersions(session, series, 'hour', zone, hourBuckets);
  const changedDays = new Set(changed.map((value) => bucketStart(value.at, 'day', zone)));
  const keptHours = hoursLanded ? hourPacks.map((key) => session.packs.get(packId(key))) : [];
  if (!hoursLanded || keptHours.some((pack) => pack === undefined)) {
    // Another writer's values are in these hours: what is kept of the month no longer says what the table holds.
    session.stretches.delete(chunkKey);
    for (const key of [...hourPacks, ...dayPacks, monthPack]) session.packs.delete(packId(key));
    await recomputeSeriesBuckets(series, zone, changed.map((value) => value.at), ['day', 'month']);
    return { written: changed.length, unchanged: latest.size - changed.length };
  }
  // Days from the month's hours and the month from its days, as a recomputation from the table would.
  const monthHours = keptHours.flatMap((pack) => pack!.rollups).filter((hour) => hour.start >= monthStart && hour.start < monthEnd);
  const days = rollupsAbove(monthHours, 'day', zone);
  await writeBucketsOnVersions(session, series, 'day', zone, new Map([...changedDays].map((start) => [start, days.get(start) ?? null])));
  await writeBucketsOnVersions(session, series, 'month', zone, new Map([[monthStart, rollupsAbove([...days.values()], 'month', zone).get(monthStart) ?? null]]));
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

