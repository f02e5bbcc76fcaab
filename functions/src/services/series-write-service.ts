import { forEachConcurrently } from '../concurrency';
import type { Point } from '@shared/schemas/point';
import type { DataEntry } from '@shared/schemas/series';
import { bucketStart, nextBucketStart, ROLLUP_LEVELS, type RollupLevel } from '@shared/series/buckets';
import { advanceLastDataDate } from '../data/point-repository';
import type { StatusCode, StoredValue } from '../data/raw-value-repository';
import { deleteRawValues, listRawEntries, listRawMonths, putRawValues, readRawHourItems } from '../data/raw-value-repository';
import { applyChanges, decodePack, ROLLUP_FIELDS, type StoredRollup } from '../data/rollup-pack';
import { clearPendingMark, isPending, lowerDaysFrom, lowerExtentMarker, lowerPendingMark, NOTHING_PENDING, readExtentMarker, readPacksForUpdate, readPendingMarks, settleDayRollup, settleHourRollup, writePackOnVersion, writeRollupsFromSources, type PendingMark } from '../data/rollup-repository';
import { seriesKeys, seriesOfPoint, type SeriesRef } from '../data/series-keys';
import { AppError } from '../errors';
import { customerOf, type Caller } from './caller';
import { visiblePointsByIds } from './point-service';
import { announceNewData } from './realtime-service';
import { bulkWriteSession, keptPack, packOfKept, StoredStretch, timed, type BulkWriteSession, type HeldPack, type KeptPack } from './bulk-write-session';
import { bucketsFromSources, hourBucketsOfValues, rollupsAbove } from './rollup-buckets';
import { zoneOfPoint } from './series-service';
import { advancesPointItem } from './last-data-dates';

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
  // The points the entries name and their locations, by key: an ingest costs its points, not the customer's.
  const { points, locations } = await visiblePointsByIds(caller, entries.map((entry) => entry.point));
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
 *    first, in one batch with the point's extent markers, for their versions and buckets;
 * 2. one comparison read of what is stored over the values' stretch widened to whole hours (to
 *    the month's end when more rows of it may follow);
 * 3. only the values that are new or differ (value or status) are written — the same file
 *    imported twice writes nothing the second time —, through a pool of full 25-item batches
 *    shared by every point-month of the job;
 * 4. the hours the values fall in are computed from what the read gave and what was written (no
 *    read-back), the days from the month's hours and the month from its days, in memory, and
 *    every bucket that differs from its pack is changed in the pack held in memory: a bucket left
 *    wrong by a job that failed between its value writes and its pack writes is mended by the
 *    same values imported again;
 * 5. the packs held are written (`writeHeldRollups`) at the job's end, and whenever they grow past
 *    a bound: a pack changed by many flushes of a file is written once. Each is written on the
 *    version read in 1; a pack another writer (a single write's stream recompute, another bulk
 *    writer) changed in between is recomputed from the table instead, its version read before its
 *    sources, and the levels above it after it, so no rollup is ever left stale.
 * A job writing in several calls (a file import) passes one `session`: what 1 and 2 read, and the
 * packs changed in 4, are kept for its next calls (bounded), so a point-month whose rows come over
 * several calls is compared and its packs read once; it then writes the packs held itself.
 * Dependent calculated points are the caller's to refresh.
 */
/** Point-months written at once by the bulk path. */
const BULK_CHUNKS_AT_ONCE = 8;
/**
 * BatchWriteItem calls at once of a bulk job's pool: enough that the table still has calls queued
 * while this process is busy between two answers (a garbage collection, a point-month's rollups,
 * a chunk of rows parsed), so the table never waits on it.
 */
export const BULK_WRITES_IN_FLIGHT = 8;

export const storeValuesInBulk = async (
  customerId: string,
  values: readonly StoredValue[],
  /** The points' last data dates as known: those the values advance are written. */
  pointsById: ReadonlyMap<string, Pick<Point, 'last_data_date'>>,
  options: {
    announce?: boolean;
    session?: BulkWriteSession;
    laterRowsMayFollow?: boolean;
    noteDates?: boolean;
    /** Values only, no rollups: for `storeFetchedValuesInBulk`, which keeps the points' pending marks. */
    withoutRollups?: boolean;
    /** Values and their hours' rollups only, not their days' and months': for `storeFetchedValuesInBulk` too. */
    hoursOnly?: boolean;
    /** Called before a point-month's new or changed values are written, with the earliest of them. */
    beforeWrite?: (series: SeriesRef, earliest: number) => Promise<void>;
    /**
     * A source fetch's reads that only feed conditional writes, of items written minutes or hours before, eventually
     * consistent (half the units; docs/architecture/series.md, "A source fetch's reads"): the comparison read of
     * values written without rollups, and the rollup packs (a write on a stale version fails and recomputes its
     * buckets). Extent markers are then read only when a pack is created. The comparison read before rollups stays
     * strongly consistent: it comes after the packs' versions.
     */
    eventualReads?: boolean;
    /**
     * What the caller read of points' raw values, by `customer|point` (`storeFetchedValuesInBulk`'s read of what is
     * pending): their point-months' comparisons start from it, and only what it lacks is read. The caller guards what
     * was written there between its read and the packs' versions (the pending mark's check after its rollup).
     */
    storedFrom?: ReadonlyMap<string, StoredStretch>;
  } = {},
): Promise<BulkOutcome> => {
  const chunks = new Map<string, StoredValue[]>();
  for (const value of values) {
    const key = pointMonthKey(value, value.zone, bucketStart(value.at, 'month', value.zone));
    const chunk = chunks.get(key);
    if (chunk) chunk.push(value);
    else chunks.set(key, [value]);
  }
  const outcome: BulkOutcome = { written: 0, unchanged: 0, changedPoints: new Set() };
  const session = options.session ?? bulkWriteSession({ inFlight: BULK_WRITES_IN_FLIGHT });
  if (options.storedFrom) {
    for (const [key, chunk] of chunks) {
      const stretch = options.storedFrom.get(seriesId(chunk[0]));
      if (stretch && !session.stretches.get(key)) session.stretches.set(key, stretch);
    }
  }
  if (options.hoursOnly && options.eventualReads && !options.session) {
    // A fetch's hourly rollup: every point's hour packs (those of its hours' UTC days) in batches of 100 keys, where
    // each point-month's own read was a call (the same units); the point-months take them from the session.
    const keys = new Map<string, { PK: string; SK: string }>();
    for (const chunk of chunks.values()) {
      for (const value of chunk) {
        const key = seriesKeys.rollupPack(value, 'hour', bucketStart(value.at, 'hour', value.zone));
        keys.set(packId(key), key);
      }
    }
    const { packs } = await timed(session, 'packReads', () => readPacksForUpdate([...keys.values()], [], { eventual: true }));
    for (const pack of packs) session.packs.set(packId(pack.key), keptPack(pack));
  }
  // Point-months are independent stretches of series: several at once keep the table busy while
  // this process compares and rolls up the next ones.
  await forEachConcurrently(chunks, BULK_CHUNKS_AT_ONCE, async ([key, chunk]) => {
    const series: SeriesRef = { customerId: chunk[0].customerId, pointId: chunk[0].pointId };
    const { written, unchanged } = await storePointMonth(session, key, series, chunk, options.laterRowsMayFollow === true, options);
    outcome.unchanged += unchanged;
    outcome.written += written;
    if (written > 0) outcome.changedPoints.add(series.pointId);
  });
  if (!options.session) await writeHeldRollups(session);
  // A caller writing one batch in several calls (a file import) notes the dates and announces once, at its end.
  if (options.noteDates !== false) await noteLastDataDates(customerId, values, pointsById);
  if (options.announce !== false) await announceNewData(customerId, outcome.changedPoints);
  return outcome;
};

const HOUR_MS = 3_600_000;
const utcHour = (at: number): number => Math.floor(at / HOUR_MS);

/**
 * Whether a fetch's batch of one point defers its rollups: its values lie in one UTC hour, the
 * pending mark's when there is one. Else it rolls up what is pending with its own values.
 */
export const defersRollups = (instants: readonly number[], pendingFrom: number | null): boolean => {
  const hours = new Set(instants.map(utcHour));
  return hours.size === 1 && (pendingFrom === null || hours.has(utcHour(pendingFrom)));
};

const seriesId = (series: SeriesRef): string => `${series.customerId}|${series.pointId}`;

/**
 * Whether a fetched point's rollup of what is pending with a batch (`instants`) may write hours
 * alone and leave their days and months pending: the batch lies from the mark's hour on, if there
 * is a mark (hours before it would be rolled up uncovered), and in the local day days are pending
 * from (the earliest of the mark's hour, `daysFrom` and the batch). Any other rollup (the first past
 * that day's end, a backfill) rolls up every level.
 */
export const rollsUpHoursOnly = (mark: PendingMark, instants: readonly number[], zone: string): boolean => {
  if (instants.length === 0) return false;
  const hour = mark.from === null ? Infinity : bucketStart(mark.from, 'hour', zone);
  const first = Math.min(...instants);
  if (first < hour && mark.from !== null) return false;
  const day = bucketStart(Math.min(hour, mark.daysFrom ?? Infinity, first), 'day', zone);
  return bucketStart(Math.max(...instants), 'day', zone) === day;
};

/**
 * A source fetch's values (frequent small batches: 1–2 values a point every 15 minutes), their
 * hours rolled up once an hour and their days and months once a local day, instead of at every
 * fetch (docs/architecture/series.md, "A source fetch's rollups are deferred"). Per point, from its
 * pending mark read first (eventually consistent, see below):
 * - a batch whose values lie in one UTC hour, the mark's when there is one, is **deferred**: its new
 *   or changed values are written alone (no pack read or written), the mark lowered to the earliest
 *   of them before they are written, and read again after (a rollup that cleared it meanwhile may
 *   not have seen them: it is lowered again);
 * - any other batch (the first after the mark's hour, a backfill, a forecast) **rolls up** what is
 *   pending with it: the raw values from the mark on and the batch through `storeValuesInBulk`
 *   (equal values are not written, their hours are recomputed). Within the local day days are
 *   pending from, only hours are rolled up (`rollsUpHoursOnly`) and the mark says days are pending
 *   from its hour on (`settleHourRollup`); else the values are read from the pending day's start and
 *   every level rolled up (`settleDayRollup`). Either way the mark's `pendingFrom` moves on to the
 *   latest hour's start, where the next fetches write (they need not lower it), only if the mark
 *   still holds what was read; then the raw values after it are read again: any not rolled up lowers it.
 * Readers complete the rollups after a mark (`completePendingRanges`).
 */
export const storeFetchedValuesInBulk = async (
  customerId: string,
  values: readonly StoredValue[],
  pointsById: ReadonlyMap<string, Pick<Point, 'last_data_date'>>,
  options: {
    announce?: boolean;
    /**
     * Where the fetch records its points' latest dates (its source's item, `recordFetchedDates`): given, a point's
     * own item is advanced only once a UTC day (`advancesPointItem`); without it, at every fetch that advances it.
     */
    recordDates?: (latest: ReadonlyMap<string, number>) => Promise<void>;
  } = {},
): Promise<BulkOutcome> => {
  const byPoint = new Map<string, StoredValue[]>();
  for (const value of values) byPoint.set(seriesId(value), [...(byPoint.get(seriesId(value)) ?? []), value]);
  // Eventually consistent (half a unit): a stale mark costs at most some work again, never a value. Every
  // change of the mark is conditional on what was read (a stale read changes nothing), and a deferring
  // fetch reads it again, strongly consistent, after its writes.
  const marks = await readPendingMarks([...byPoint.values()].map(([value]) => value));
  const deferred: StoredValue[] = [];
  /** Each deferring point's first value: its values lie in that value's UTC hour. */
  const deferring = new Map<string, StoredValue>();
  const rolling: { series: SeriesRef; mark: PendingMark; values: StoredValue[] }[] = [];
  for (const [id, ofPoint] of byPoint) {
    const mark = marks.get(id) ?? NOTHING_PENDING;
    if (defersRollups(ofPoint.map((value) => value.at), mark.from)) {
      deferred.push(...ofPoint);
      deferring.set(id, ofPoint[0]);
    }
    else rolling.push({ series: { customerId: ofPoint[0].customerId, pointId: ofPoint[0].pointId }, mark, values: ofPoint });
  }
  const outcome: BulkOutcome = { written: 0, unchanged: 0, changedPoints: new Set() };
  const add = (part: BulkOutcome, leftOut = 0) => {
    outcome.written += part.written;
    outcome.unchanged += part.unchanged - leftOut;
    for (const pointId of part.changedPoints) outcome.changedPoints.add(pointId);
  };
  const lowest = new Map<string, { series: SeriesRef; at: number }>();
  if (deferred.length > 0) {
    // Each deferring point's values lie in one UTC hour: its hour item, read with the others' in batches of 100 keys
    // (eventually consistent, as the comparison's Query of each was), is what their comparison starts from.
    const hourOf = (value: StoredValue) => seriesKeys.raw(value, value.at);
    const hourItems = await readRawHourItems([...deferring.values()].map(hourOf));
    const storedFrom = new Map<string, StoredStretch>();
    for (const [id, first] of hourItems ? deferring : []) {
      const key = hourOf(first);
      const hour = seriesKeys.rawHourStart(key.SK);
      storedFrom.set(id, StoredStretch.of(hour, hour + HOUR_MS, hourItems!.get(`${key.PK}|${key.SK}`) ?? []));
    }
    add(
      await storeValuesInBulk(customerId, deferred, pointsById, {
        announce: false,
        noteDates: false,
        withoutRollups: true,
        eventualReads: true,
        storedFrom,
        beforeWrite: async (series, earliest) => {
          const id = seriesId(series);
          lowest.set(id, { series, at: Math.min(lowest.get(id)?.at ?? Infinity, earliest) });
          const mark = marks.get(id)?.from ?? null;
          if (mark !== null && mark <= earliest) return;
          await lowerPendingMark(series, earliest);
          marks.set(id, { ...(marks.get(id) ?? NOTHING_PENDING), from: mark === null ? earliest : Math.min(mark, earliest) });
        },
      }),
    );
    const after = await readPendingMarks([...lowest.values()].map(({ series }) => series), { consistent: true });
    await Promise.all(
      [...lowest].map(async ([id, { series, at }]) => {
        const mark = after.get(id)?.from ?? null;
        if (mark === null || mark > at) await lowerPendingMark(series, at);
      }),
    );
  }
  if (rolling.length > 0) {
    // What is pending: from the mark (or from the start of the local day days are pending from) to a
    // day past the later of the mark and the batch (deferred batches lie in the mark's hour; a
    // fetch's batch is its source's latest data).
    const pendingEnd = (ofPoint: (typeof rolling)[number]) => Math.max(ofPoint.mark.from ?? 0, ...ofPoint.values.map((value) => value.at)) + 24 * HOUR_MS;
    // An hourly rollup reads what is pending once, eventually consistent (hours written minutes before), and its
    // comparison starts from that read: a value it missed, or one changed or removed since, is found by the strongly
    // consistent read after the mark is moved on (below), which lowers the mark to it. A daily rollup reads from the
    // day's start, before its packs' versions: strongly consistent, and its comparison reads again after them.
    const readPending = (ofPoint: (typeof rolling)[number], from: number | null, hoursOnly: boolean) =>
      from === null ? Promise.resolve([]) : listRawEntries(ofPoint.series, from, pendingEnd(ofPoint), hoursOnly ? { remember: true } : { consistent: true });
    const again = (ofPoint: (typeof rolling)[number], entries: Awaited<ReturnType<typeof listRawEntries>>) => {
      const own = new Set(ofPoint.values.map((value) => value.at));
      const { zone } = ofPoint.values[0];
      return entries.filter((entry) => !own.has(entry.at)).map((entry): StoredValue => ({ ...ofPoint.series, ...entry, zone }));
    };
    const plans = await Promise.all(
      rolling.map(async (ofPoint) => {
        const { zone } = ofPoint.values[0];
        const hoursOnly = rollsUpHoursOnly(ofPoint.mark, ofPoint.values.map((value) => value.at), zone);
        // Every level: from the start of the earliest local day whose days are pending, so each of them is recomputed.
        const dayFrom = Math.min(ofPoint.mark.from ?? Infinity, ofPoint.mark.daysFrom ?? Infinity);
        const from = hoursOnly || dayFrom === Infinity ? ofPoint.mark.from : bucketStart(dayFrom, 'day', zone);
        const pending = await readPending(ofPoint, from, hoursOnly);
        const readAgain = again(ofPoint, pending);
        const stored = hoursOnly && from !== null ? StoredStretch.of(from, pendingEnd(ofPoint), pending) : undefined;
        return { hoursOnly, again: readAgain, all: [...readAgain, ...ofPoint.values], stored };
      }),
    );
    // Hours rolled up that no `pendingFrom` covers (a batch of several hours without a mark): their days are marked pending first.
    await Promise.all(
      rolling.map(async ({ series, mark, values: ofPoint }, index) => {
        const first = Math.min(...ofPoint.map((value) => value.at));
        if (plans[index].hoursOnly && mark.from === null && (mark.daysFrom === null || mark.daysFrom > first)) await lowerDaysFrom(series, first);
      }),
    );
    const leftOut = plans.reduce((sum, plan) => sum + plan.again.length, 0);
    const [hourly, daily] = [plans.filter((plan) => plan.hoursOnly), plans.filter((plan) => !plan.hoursOnly)];
    const storedFrom = new Map(rolling.flatMap((ofPoint, index) => (plans[index].stored ? [[seriesId(ofPoint.series), plans[index].stored]] : [])));
    if (hourly.length > 0) {
      add(await storeValuesInBulk(customerId, hourly.flatMap(({ all }) => all), pointsById, { announce: false, noteDates: false, hoursOnly: true, eventualReads: true, storedFrom }));
    }
    if (daily.length > 0) add(await storeValuesInBulk(customerId, daily.flatMap(({ all }) => all), pointsById, { announce: false, noteDates: false, eventualReads: true }));
    outcome.unchanged -= leftOut;
    await Promise.all(
      rolling.map(async (ofPoint, index) => {
        const { mark } = ofPoint;
        if (!isPending(mark) || (plans[index].hoursOnly && mark.from === null)) return;
        // The mark moves on to the latest hour's start rather than going: the next fetches, in that hour, write no mark.
        const latestHour = utcHour(Math.max(...plans[index].all.map((value) => value.at))) * HOUR_MS;
        const settled = plans[index].hoursOnly
          ? await settleHourRollup(ofPoint.series, mark, { from: latestHour, daysFrom: Math.min(mark.daysFrom ?? Infinity, bucketStart(mark.from!, 'hour', ofPoint.values[0].zone)) })
          : mark.from === null
            ? await clearPendingMark(ofPoint.series, mark)
            : await settleDayRollup(ofPoint.series, mark, latestHour);
        if (!settled || mark.from === null) return;
        const rolledUp = new Map(plans[index].all.map((value) => [value.at, value]));
        const since = await listRawEntries(ofPoint.series, mark.from, pendingEnd(ofPoint), { consistent: true });
        const missed = since.filter((entry) => rolledUp.get(entry.at)?.value !== entry.value || rolledUp.get(entry.at)?.status !== entry.status).map((entry) => entry.at);
        // And a value rolled up that is no longer there (removed since it was read).
        const present = new Set(since.map((entry) => entry.at));
        const gone = [...rolledUp.keys()].filter((at) => at >= mark.from! && !present.has(at));
        if (missed.length + gone.length > 0) await lowerPendingMark(ofPoint.series, Math.min(...missed, ...gone));
      }),
    );
  }
  await noteLastDataDates(customerId, values, pointsById, options.recordDates);
  if (options.announce !== false) await announceNewData(customerId, outcome.changedPoints);
  return outcome;
};

const packId = (key: { PK: string; SK: string }): string => `${key.PK}|${key.SK}`;

/** The furthest a time zone is ahead of UTC (Pacific/Kiritimati, UTC+14). */
const MAX_ZONE_AHEAD_MS = 14 * 3_600_000;

/** A point-month's key in a bulk job and its session. */
const pointMonthKey = (series: SeriesRef, zone: string, monthStart: number): string => `${series.customerId}|${series.pointId}|${zone}|${monthStart}`;

type LevelKey = { level: RollupLevel; key: { PK: string; SK: string } };

/**
 * Holds the packs of these keys for a point-month's writes: those held already stay, those kept
 * are taken from the cache, the others read in one batch (with the point's extent markers the
 * session does not know yet).
 */
const holdPacks = async (
  session: BulkWriteSession,
  series: SeriesRef,
  zone: string,
  keys: readonly LevelKey[],
  /** The levels whose extent markers the packs' writes may need. */
  levels: readonly RollupLevel[] = ROLLUP_LEVELS,
  read: { eventual?: boolean } = {},
): Promise<void> => {
  const hold = (level: RollupLevel, pack: KeptPack) => {
    if (!session.held.has(packId(pack.key))) session.held.set(packId(pack.key), { series, level, zone, pack, changed: new Set(), round: session.round });
  };
  const missing: LevelKey[] = [];
  for (const { level, key } of keys) {
    const held = session.held.get(packId(key));
    if (held) {
      held.round = session.round;
      continue;
    }
    const kept = session.packs.get(packId(key));
    if (!kept) {
      missing.push({ level, key });
      continue;
    }
    session.packs.delete(packId(key));
    hold(level, kept);
  }
  const extentsOf = levels.filter((level) => !session.extents.has(packId(seriesKeys.extent(series, level)))).map((level) => ({ series, level }));
  if (missing.length === 0 && extentsOf.length === 0) return;
  const { packs, extents } = await timed(session, 'packReads', () => readPacksForUpdate(missing.map(({ key }) => key), extentsOf, read));
  // A pack held by another point-month meanwhile carries its changes, and stays.
  packs.forEach((pack, index) => hold(missing[index].level, keptPack(pack)));
  for (const [key, firstPack] of extents) if (!session.extents.has(key)) session.extents.set(key, firstPack);
};

/**
 * What the table holds of a point-month over [from, to) at least: the session's stretch when it
 * covers it, else what it lacks read (strongly consistent: a single write that landed, and was
 * rolled up, just before must be in the hours computed here) and kept. A first read takes what the
 * point-month before it read ahead (see `ahead` below and `BulkWriteSession.ahead`), and `ahead`
 * asks for the read to go on to `ahead.to` for the next point-month (`ahead.key`): the rest of the
 * UTC month partition this point-month's local month ends in. That partition is read anyway, and
 * the next point-month's read of it would come once this one's values are in it.
 */
const storedOver = async (
  session: BulkWriteSession,
  chunkKey: string,
  series: SeriesRef,
  from: number,
  to: number,
  ahead?: { key: string; to: number },
  /** `eventual`: an eventually consistent read, remembered as a strong one is (a fetch's values without rollups: `listRawEntries`). */
  read: { eventual?: boolean } = {},
): Promise<StoredStretch> => {
  const consistency = read.eventual ? { remember: true } : { consistent: true };
  const kept = session.stretches.get(chunkKey);
  if (kept && kept.from <= from && kept.to >= to) return kept;
  if (!kept) {
    const early = session.ahead.get(chunkKey);
    session.ahead.delete(chunkKey);
    const usable = early && early.from <= from && early.to > from ? early : undefined;
    const readFrom = usable ? Math.min(usable.to, to) : from;
    const readTo = ahead && ahead.to > to ? ahead.to : to;
    const entries = readFrom < readTo ? await timed(session, 'comparisonReads', () => listRawEntries(series, readFrom, readTo, consistency)) : [];
    const stretch = StoredStretch.of(from, to, [...(usable?.entriesBetween(from, readFrom) ?? []), ...entries.filter((entry) => entry.at < to)]);
    // Kept for the next point-month only if it has not started: then none of its writes can have landed since.
    if (ahead && readTo > to && !session.started.has(ahead.key)) session.ahead.set(ahead.key, StoredStretch.of(to, readTo, entries.filter((entry) => entry.at >= to)));
    session.stretches.set(chunkKey, stretch);
    return stretch;
  }
  // Only what the kept stretch lacks, before and after it: the two stay one stretch.
  const [lower, upper] = [Math.min(from, kept.from), Math.max(to, kept.to)];
  const lacking = await timed(session, 'comparisonReads', () => Promise.all([
    lower < kept.from ? listRawEntries(series, lower, kept.from, consistency) : [],
    upper > kept.to ? listRawEntries(series, kept.to, upper, consistency) : [],
  ]));
  const stretch = kept.widened(lower, upper, lacking.flat());
  session.stretches.set(chunkKey, stretch);
  return stretch;
};

const sameRollup = (a: StoredRollup | undefined, b: StoredRollup | null): boolean =>
  a === undefined || b === null ? a === undefined && b === null : ROLLUP_FIELDS.every((field) => a[field] === b[field]);

/** Changes, into the packs held, the buckets of one level that differ from what they hold. */
const changeHeldBuckets = (session: BulkWriteSession, series: SeriesRef, level: RollupLevel, buckets: ReadonlyMap<number, StoredRollup | null>): void => {
  const byPack = new Map<string, Map<number, StoredRollup | null>>();
  for (const [start, rollup] of buckets) {
    const id = packId(seriesKeys.rollupPack(series, level, start));
    byPack.set(id, (byPack.get(id) ?? new Map()).set(start, rollup));
  }
  for (const [id, wanted] of byPack) {
    const held = session.held.get(id)!;
    const { rollups } = packOfKept(held.pack);
    const current = new Map(rollups.map((rollup) => [rollup.start, rollup]));
    const changes = new Map([...wanted].filter(([start, rollup]) => !sameRollup(current.get(start), rollup)));
    if (changes.size === 0) continue;
    held.pack = keptPack({ ...held.pack, rollups: applyChanges(rollups, changes) });
    for (const start of changes.keys()) held.changed.add(start);
  }
};

/** The values of one point and local month through steps 1–4 of `storeValuesInBulk`. */
const storePointMonth = async (
  session: BulkWriteSession,
  chunkKey: string,
  series: SeriesRef,
  chunk: readonly StoredValue[],
  laterRowsMayFollow: boolean,
  options: { withoutRollups?: boolean; hoursOnly?: boolean; beforeWrite?: (series: SeriesRef, earliest: number) => Promise<void>; eventualReads?: boolean } = {},
): Promise<{ written: number; unchanged: number }> => {
  const zone = chunk[0].zone;
  session.started.add(chunkKey);
  // The last of several values at one time wins, as it would when written in order.
  const latest = new Map(chunk.map((value) => [value.at, value]));
  let first = Infinity;
  let last = -Infinity;
  for (const at of latest.keys()) {
    first = Math.min(first, at);
    last = Math.max(last, at);
  }
  if (options.withoutRollups) {
    // Only the values' own times are compared: no hour is rolled up here.
    const stored = await storedOver(session, chunkKey, series, first, last + 1, undefined, { eventual: options.eventualReads });
    const changed = [...latest.values()].filter((value) => {
      const found = stored.find(value.at);
      return found?.value !== value.value || found.status !== value.status;
    });
    if (changed.length > 0) {
      await options.beforeWrite?.(series, Math.min(...changed.map((value) => value.at)));
      await timed(session, 'valueWritesAwaited', () => session.writer.write(changed));
      session.stretches.set(chunkKey, stored.withWrites(changed));
    }
    return { written: changed.length, unchanged: latest.size - changed.length };
  }
  const monthStart = bucketStart(first, 'month', zone);
  const monthEnd = nextBucketStart(monthStart, 'month', zone);
  const from = bucketStart(first, 'hour', zone);
  // Only the stretch the values cover (to whole hours) is read, or up to the month's end when the
  // caller's next calls may bring the month's later rows: one read for all of them.
  const to = laterRowsMayFollow ? monthEnd : nextBucketStart(bucketStart(last, 'hour', zone), 'hour', zone);
  // Only the packs the values touch, versions first: the hours of the local days they fall in (a
  // local day spans one or two UTC days' packs), whose hours hold those days; the month's days
  // (one or two UTC months' packs), which hold the month; the month.
  const hours = new Set([...latest.keys()].map((at) => bucketStart(at, 'hour', zone)));
  const valueDays = [...new Set([...hours].map((hour) => bucketStart(hour, 'day', zone)))].sort((a, b) => a - b);
  const hourPackKeys = new Map<string, { PK: string; SK: string }>();
  // Hours alone need only the packs of their own UTC days; days need every hour of their local days.
  for (const key of options.hoursOnly ? [...hours].map((hour) => seriesKeys.rollupPack(series, 'hour', hour)) : []) hourPackKeys.set(key.SK, key);
  for (const day of options.hoursOnly ? [] : valueDays) {
    for (const SK of seriesKeys.packsBetween('hour', day, nextBucketStart(day, 'day', zone))) hourPackKeys.set(SK, { PK: seriesKeys.rollupPartition(series, 'hour'), SK });
  }
  const hourPacks = [...hourPackKeys.values()];
  const dayPacks = seriesKeys.packsBetween('day', monthStart, monthEnd).map((SK) => ({ PK: seriesKeys.rollupPartition(series, 'day'), SK }));
  const monthPack = seriesKeys.rollupPack(series, 'month', monthStart);
  await holdPacks(
    session,
    series,
    zone,
    [
      ...hourPacks.map((key) => ({ level: 'hour' as const, key })),
      ...(options.hoursOnly ? [] : [...dayPacks.map((key) => ({ level: 'day' as const, key })), { level: 'month' as const, key: monthPack }]),
    ],
    // Eventually consistent packs come without extent markers: read when a pack is created (`writeHeld`).
    options.eventualReads ? [] : options.hoursOnly ? ['hour'] : ROLLUP_LEVELS,
    { eventual: options.eventualReads },
  );
  // Reading to the month's end, the read goes on to the end of the UTC partition the month ends in,
  // for the next month: only the hours a zone east of UTC starts its next month with (at most 14),
  // never the next month itself (a zone west of UTC ends its month in the next UTC partition).
  const partitionEnd = Date.UTC(new Date(monthEnd - 1).getUTCFullYear(), new Date(monthEnd - 1).getUTCMonth() + 1, 1);
  const readAhead = to === monthEnd && partitionEnd - monthEnd <= MAX_ZONE_AHEAD_MS;
  let stored = await storedOver(session, chunkKey, series, from, to, readAhead ? { key: pointMonthKey(series, zone, monthEnd), to: partitionEnd } : undefined);
  const changed = [...latest.values()].filter((value) => {
    const found = stored.find(value.at);
    return found?.value !== value.value || found.status !== value.status;
  });
  if (changed.length > 0) {
    await timed(session, 'valueWritesAwaited', () => session.writer.write(changed));
    stored = stored.withWrites(changed);
    session.stretches.set(chunkKey, stored);
  }
  // The hours as the table now holds them: what was read, with what was written over it.
  changeHeldBuckets(session, series, 'hour', hourBucketsOfValues(stored.valuesBetween(from, nextBucketStart(bucketStart(last, 'hour', zone), 'hour', zone)), zone, hours));
  if (options.hoursOnly) return { written: changed.length, unchanged: latest.size - changed.length };
  // The values' days from their hours and the month from its days, as a recomputation from the table would.
  const heldBuckets = (keys: readonly { PK: string; SK: string }[], range: { from: number; to: number }) =>
    keys.flatMap((key) => decodePack(session.held.get(packId(key))!.pack.columns, range));
  const days = new Map(
    valueDays.map((day) => [day, rollupsAbove(heldBuckets(hourPacks, { from: day, to: nextBucketStart(day, 'day', zone) }), 'day', zone).get(day) ?? null]),
  );
  changeHeldBuckets(session, series, 'day', days);
  const monthDays = heldBuckets(dayPacks, { from: monthStart, to: monthEnd });
  changeHeldBuckets(session, series, 'month', new Map([[monthStart, rollupsAbove(monthDays, 'month', zone).get(monthStart) ?? null]]));
  return { written: changed.length, unchanged: latest.size - changed.length };
};

/** Series whose held packs `writeHeldRollups` writes at once (each series level after level). */
const SERIES_WRITTEN_AT_ONCE = 8;

/**
 * Writes every pack a bulk job holds with changes (step 5 of `storeValuesInBulk`), or only those
 * no point-month used since round `usedBefore`, series by series, level after level, and lets the
 * session keep them as written. No point-month of the job may be in its steps 1–4 meanwhile. A pack another writer changed since it was read is
 * recomputed from the table, and so are the buckets above it; that writer's values may then be
 * in any hour the job keeps, so the job forgets what it kept and reads again what it needs.
 */
export const writeHeldRollups = (session: BulkWriteSession, options: { usedBefore?: number } = {}): Promise<void> =>
  timed(session, options.usedBefore === undefined ? 'packWritesAll' : 'packWritesUnused', () => writeHeld(session, options));

const writeHeld = async (session: BulkWriteSession, options: { usedBefore?: number }): Promise<void> => {
  session.timings.packsWritten = session.timings.packsWritten ?? 0;
  const bySeries = new Map<string, HeldPack[]>();
  for (const [id, held] of session.held) {
    if (options.usedBefore !== undefined && held.round >= options.usedBefore) continue;
    session.held.delete(id);
    if (held.changed.size === 0) {
      session.packs.set(packId(held.pack.key), held.pack);
      continue;
    }
    const key = `${held.series.customerId}|${held.series.pointId}`;
    bySeries.set(key, [...(bySeries.get(key) ?? []), held]);
  }
  let disturbed = false;
  await forEachConcurrently(bySeries.values(), SERIES_WRITTEN_AT_ONCE, async (packs) => {
    const { series, zone } = packs[0];
    /** Buckets recomputed from the table at the level below: the ones above them are recomputed too. */
    let recomputed: number[] = [];
    for (const level of ROLLUP_LEVELS) {
      const ofLevel = packs.filter((held) => held.level === level);
      const above = [...new Set(recomputed.map((start) => bucketStart(start, level, zone)))];
      recomputed = [];
      const created = ofLevel.filter((held) => !held.pack.exists && held.pack.length > 0).map((held) => held.pack.key.SK);
      if (created.length > 0) {
        // Before any pack of the level is created, its extent marker once, to the earliest of them.
        const marker = packId(seriesKeys.extent(series, level));
        // Not read with the packs (a fetch's eventually consistent packs): read now, once a pack is created.
        if (!session.extents.has(marker)) session.extents.set(marker, await readExtentMarker(series, level));
        session.extents.set(marker, await lowerExtentMarker(series, level, created.sort()[0], session.extents.get(marker)));
      }
      const landed = await Promise.all(
        ofLevel.map(async (held) => {
          const written = await writePackOnVersion(series, level, packOfKept(held.pack), new Map(), { extentLowered: true });
          session.timings.packsWritten += 1;
          session.timings.packBytesWritten = (session.timings.packBytesWritten ?? 0) + held.pack.length * 72;
          if (written) session.packs.set(packId(written.key), { ...held.pack, version: written.version, exists: written.exists });
          return written ? [] : [...held.changed];
        }),
      );
      const stale = [...new Set([...landed.flat(), ...above])];
      if (stale.length === 0) continue;
      disturbed = true;
      await writeRollupsFromSources(series, level, stale, (starts) => bucketsFromSources(series, level, zone, starts));
      recomputed = stale;
    }
  });
  if (disturbed) {
    session.stretches.clear();
    session.ahead.clear();
    session.packs.clear();
  }
};

/**
 * The latest date of each point among the values, on the points whose last data date it advances.
 * With `recordDates` (a source's fetch), those dates go there, and a point's own item is advanced
 * only when `advancesPointItem` says (once a UTC day): 2 write units a point-day instead of 2 a fetch.
 */
export const noteLastDataDates = async (
  customerId: string,
  values: Iterable<{ pointId: string; at: number }>,
  pointsById: ReadonlyMap<string, Pick<Point, 'last_data_date'>>,
  recordDates?: (latest: ReadonlyMap<string, number>) => Promise<void>,
): Promise<void> => {
  const latest = new Map<string, number>();
  for (const value of values) latest.set(value.pointId, Math.max(latest.get(value.pointId) ?? 0, value.at));
  const advanced = [...latest].filter(([pointId, at]) => {
    const known = pointsById.get(pointId)?.last_data_date;
    return !known || Date.parse(known) < at;
  });
  const ofItems = recordDates ? advanced.filter(([pointId, at]) => advancesPointItem(pointsById.get(pointId)?.last_data_date ?? null, at)) : advanced;
  await Promise.all([
    recordDates && advanced.length > 0 ? recordDates(new Map(advanced)) : Promise.resolve(),
    ...ofItems.map(([pointId, at]) => advanceLastDataDate(customerId, pointId, new Date(at).toISOString())),
  ]);
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
  const {
    points: [point],
    locations,
  } = await visiblePointsByIds(caller, [pointId]);
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

