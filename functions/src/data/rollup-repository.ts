import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RollupLevel } from '@shared/series/buckets';
import { dynamo } from '../clients/dynamodb';
import { applyChanges, columnAttribute, decodePack, encodePack, type RollupField, type StoredRollup } from './rollup-pack';
import { legacyPacksMayExist } from './rollup-layout';
import { seriesKeys, type SeriesRef } from './series-keys';
import { batchWrite, queryEvery, seriesTable } from './table';

/**
 * Rollups of the series table: per point and level, packs of buckets (a UTC day of hours, a UTC
 * month of days, a UTC year of months) with a version each. While legacy packs may remain (see
 * rollup-layout.ts), a stretch without a current pack is read from the legacy pack holding it.
 */

const queryAll = (input: ConstructorParameters<typeof QueryCommand>[0]) => queryEvery<Record<string, unknown>>(input);

/** Deletes every rollup pack of a point, all levels. */
export const deleteRollupPartitions = async (series: SeriesRef): Promise<void> => {
  const packs = await Promise.all(
    (['hour', 'day', 'month'] as const).map((level) =>
      queryAll({
        TableName: seriesTable(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': seriesKeys.rollupPartition(series, level) },
        ProjectionExpression: 'PK, SK',
      }),
    ),
  );
  await batchWrite(seriesTable(), packs.flat().map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } })));
};

/** The rollups of consecutive packs as one list (`concat` copies in bulk; `flatMap` goes element by element). */
const concatenated = (lists: readonly StoredRollup[][]): StoredRollup[] => (lists.length === 1 ? lists[0] : ([] as StoredRollup[]).concat(...lists));

/** A projection of pack columns: `start` always, then the fields asked for (all when none). */
const projection = (fields?: readonly RollupField[]) =>
  fields ? { ProjectionExpression: [...new Set<RollupField>(['start', ...fields])].map(columnAttribute).join(', ') } : {};

/** The earliest month rollup: where a point's data starts. */
export const earliestRollup = async (series: SeriesRef, level: 'month'): Promise<StoredRollup | null> => {
  const answer = await dynamo.send(
    new QueryCommand({
      TableName: seriesTable(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': seriesKeys.rollupPartition(series, level) },
      Limit: 1,
    }),
  );
  return answer.Items?.[0] ? (decodePack(answer.Items[0])[0] ?? null) : null;
};

/**
 * Rollups of a level whose bucket starts in [from, to), oldest first: one item per pack read.
 * With `fields`, only those columns are read (the others are NaN).
 */
export const listRollups = async (
  series: SeriesRef,
  level: RollupLevel,
  from: number,
  to: number,
  fields?: readonly RollupField[],
): Promise<StoredRollup[]> => {
  const PK = seriesKeys.rollupPartition(series, level);
  const items = (
    await queryAll({
      ...projection(fields),
      TableName: seriesTable(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': PK, ':from': seriesKeys.packOf(level, from), ':to': seriesKeys.packOf(level, to - 1) },
    })
  ).filter((item) => !seriesKeys.isLegacyPack(level, String(item.SK)));
  if (await legacyPacksMayExist()) {
    const found = new Map(items.map((item) => [packId(item as Key), item]));
    const keys = seriesKeys.packsBetween(level, from, to).map((SK) => ({ PK, SK }));
    await fillFromLegacyPacks(keys, found, projection(fields).ProjectionExpression);
    return concatenated(keys.flatMap((key) => (found.has(packId(key)) ? [decodePack(found.get(packId(key))!, { from, to })] : [])));
  }
  return concatenated(items.map((item) => decodePack(item, { from, to })));
};

const packId = (key: { PK: unknown; SK: unknown }): string => `${key.PK}|${key.SK}`;

const levelOfPartition = (PK: string): RollupLevel => PK.slice(PK.lastIndexOf('#') + 1) as RollupLevel;

/**
 * While legacy packs may remain: each rollup pack of `keys` not in `items` is made, in `items`,
 * from the legacy pack holding its stretch (its buckets in the stretch, marked `legacy`), when
 * that pack exists and has some. One batch read for all of them.
 */
const fillFromLegacyPacks = async (
  keys: readonly Key[],
  items: Map<string, Record<string, unknown>>,
  ProjectionExpression: string | undefined,
  options: { consistent?: boolean } = {},
): Promise<void> => {
  const legacyOf = (key: Key): Key | null => {
    if (!key.PK.startsWith('R#')) return null;
    const SK = seriesKeys.legacyPackOf(levelOfPartition(key.PK), seriesKeys.packStart(key.SK));
    return SK ? { PK: key.PK, SK } : null;
  };
  const wanted = keys.filter((key) => !items.has(packId(key)) && legacyOf(key));
  if (wanted.length === 0) return;
  const legacyKeys = new Map(wanted.map((key) => [packId(legacyOf(key)!), legacyOf(key)!]));
  const withKeys = ProjectionExpression ? `PK, SK, ${ProjectionExpression}` : undefined;
  const legacy = await batchGet([...legacyKeys.values()], withKeys, options);
  for (const key of wanted) {
    const item = legacy.get(packId(legacyOf(key)!));
    if (!item) continue;
    const rollups = decodePack(item, { from: seriesKeys.packStart(key.SK), to: seriesKeys.packEnd(key.SK) });
    if (rollups.length) items.set(packId(key), { ...key, ...encodePack(rollups), legacy: true });
  }
};

/**
 * The latest rollup of a level starting before an instant: what `diff` subtracts from. Packs
 * exist only where there is data, so the newest pack at or before the instant's holds it, or
 * the one before that when all of its buckets start later.
 */
export const latestRollupBefore = async (
  series: SeriesRef,
  level: RollupLevel,
  before: number,
  fields?: readonly RollupField[],
): Promise<StoredRollup | null> => {
  const PK = seriesKeys.rollupPartition(series, level);
  // The two newest current packs at or before the instant's (a legacy pack met on the way is skipped).
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const answer = await dynamo.send(
      new QueryCommand({
        ...projection(fields),
        TableName: seriesTable(),
        KeyConditionExpression: 'PK = :pk AND SK <= :pack',
        ExpressionAttributeValues: { ':pk': PK, ':pack': seriesKeys.packOf(level, before - 1) },
        ScanIndexForward: false,
        Limit: 2,
        ExclusiveStartKey,
      }),
    );
    items.push(...(answer.Items ?? []).filter((item) => !seriesKeys.isLegacyPack(level, String(item.SK))));
    ExclusiveStartKey = answer.LastEvaluatedKey;
  } while (items.length < 2 && ExclusiveStartKey);
  const exhausted = ExclusiveStartKey === undefined;
  let latest: StoredRollup | null = null;
  for (const item of items.slice(0, 2)) {
    const earlier = decodePack(item).filter((rollup) => rollup.start < before);
    if (earlier.length) {
      latest = earlier.at(-1)!;
      break;
    }
  }
  if (!(await legacyPacksMayExist())) return latest;
  // A stretch with no current pack, newer than the oldest current pack read (or any, when none is
  // older), is read from its legacy pack: the one of the instant's and the one before it.
  const seen = new Set(items.slice(0, 2).map((item) => String(item.SK)));
  const oldestSeen = items.length >= 2 && !exhausted ? String(items[1].SK) : '';
  const legacyPack = seriesKeys.legacyPackOf(level, before - 1)!;
  const legacyBefore = seriesKeys.legacyPackOf(level, seriesKeys.packStart(legacyPack) - 1)!;
  const legacy = await batchGet([{ PK, SK: legacyPack }, { PK, SK: legacyBefore }], projection(fields).ProjectionExpression ? `PK, SK, ${projection(fields).ProjectionExpression}` : undefined);
  for (const item of legacy.values()) {
    for (const rollup of decodePack(item)) {
      const stretch = seriesKeys.packOf(level, rollup.start);
      if (rollup.start < before && !seen.has(stretch) && stretch > oldestSeen && (!latest || rollup.start > latest.start)) latest = rollup;
    }
  }
  return latest;
};

type Key = { PK: string; SK: string };

const BATCH_GET = 100;

/** Items by exact key, 100 keys per call in parallel, retrying what DynamoDB leaves unprocessed. */
const batchGet = async (
  keys: readonly Key[],
  ProjectionExpression: string | undefined,
  options: { consistent?: boolean } = {},
): Promise<Map<string, Record<string, unknown>>> => {
  const items = new Map<string, Record<string, unknown>>();
  const chunks = Array.from({ length: Math.ceil(keys.length / BATCH_GET) }, (_, index) => keys.slice(index * BATCH_GET, (index + 1) * BATCH_GET));
  await Promise.all(
    chunks.map(async (chunk) => {
      let pending: Record<string, unknown>[] = chunk;
      for (let attempt = 0; pending.length > 0; attempt += 1) {
        if (attempt > 8) throw new Error('Series reads kept being throttled');
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 25));
        const read = { Keys: pending, ...(ProjectionExpression ? { ProjectionExpression } : {}), ...(options.consistent ? { ConsistentRead: true } : {}) };
        const answer = await dynamo.send(new BatchGetCommand({ RequestItems: { [seriesTable()]: read } }));
        for (const item of answer.Responses?.[seriesTable()] ?? []) items.set(`${item.PK}|${item.SK}`, item);
        pending = answer.UnprocessedKeys?.[seriesTable()]?.Keys ?? [];
      }
    }),
  );
  return items;
};

export interface RollupRead {
  series: SeriesRef;
  level: RollupLevel;
  from: number;
  to: number;
  /** Whether the latest rollup before `from` is wanted too (what `diff` subtracts from). */
  before: boolean;
}

export interface RollupRange {
  /** Rollups starting in [from, to), oldest first. */
  rollups: StoredRollup[];
  /** The latest rollup starting before `from` (only its `last` read), when asked for and there is one. */
  before: StoredRollup | null;
  /** The point's pending mark (see `PendingMark`): rollups from it on may be incomplete. */
  pending: PendingMark;
}

export interface RangeFields {
  /** Read for every rollup of a range. */
  every: readonly RollupField[];
  /** Read only for the first rollup of a range read with `before`, and only when no rollup precedes it. */
  head: readonly RollupField[];
}

/**
 * Rollup ranges of many points in one batch read by exact pack keys (the packs of a range are
 * known from its bounds), with the columns of `fields` only (the others NaN). For `before`, the
 * pack preceding the range's and the point's extent marker come in the same read: the latest
 * rollup before the range is in one of the two, or there is none when the marker says no pack is
 * older; only a gap of a whole pack or more before the range costs a query. The head fields are
 * read with the range's first pack (and the one before it); when the first rollup lies in a later
 * pack and nothing precedes it, one more read fetches them for that rollup alone.
 */
export const readRollupRanges = async (reads: readonly RollupRead[], fields: RangeFields): Promise<RollupRange[]> => {
  const [headKeys, restKeys] = [new Map<string, Key>(), new Map<string, Key>()];
  const want = (keys: Map<string, Key>, key: Key) => keys.set(`${key.PK}|${key.SK}`, key);
  const plans = reads.map((read) => {
    const PK = seriesKeys.rollupPartition(read.series, read.level);
    const [first, ...later] = seriesKeys.packsBetween(read.level, read.from, read.to);
    const previous = seriesKeys.packBefore(first);
    for (const SK of read.before ? [previous, first] : [first]) want(headKeys, { PK, SK });
    for (const SK of later) want(restKeys, { PK, SK });
    if (read.before) want(headKeys, seriesKeys.extent(read.series, read.level));
    want(headKeys, seriesKeys.pending(read.series));
    return { PK, first, later, previous };
  });
  const every = [...new Set<RollupField>(['start', ...fields.every, ...(reads.some((read) => read.before) ? (['last'] as const) : [])])];
  const head = [...new Set<RollupField>([...every, ...fields.head])];
  const [headProjection, restProjection] = [['firstPack', 'pendingFrom', 'daysFrom', ...head.map(columnAttribute)].join(', '), every.map(columnAttribute).join(', ')];
  const [headItems, restItems] = await Promise.all([batchGet([...headKeys.values()], `PK, SK, ${headProjection}`), batchGet([...restKeys.values()], `PK, SK, ${restProjection}`)]);
  if (await legacyPacksMayExist()) {
    await Promise.all([fillFromLegacyPacks([...headKeys.values()], headItems, headProjection), fillFromLegacyPacks([...restKeys.values()], restItems, restProjection)]);
  }
  const packIn = (items: Map<string, Record<string, unknown>>, PK: string, SK: string, range: { from: number; to: number }) => {
    const item = items.get(`${PK}|${SK}`);
    return item ? decodePack(item, range) : [];
  };
  return Promise.all(
    reads.map(async (read, index): Promise<RollupRange> => {
      const { PK, first, later, previous } = plans[index];
      const rollups = concatenated([packIn(headItems, PK, first, read), ...later.map((SK) => packIn(restItems, PK, SK, read))]);
      const beforeRange = { from: -Infinity, to: read.from };
      const found = read.before ? (packIn(headItems, PK, first, beforeRange).at(-1) ?? packIn(headItems, PK, previous, beforeRange).at(-1)) : undefined;
      const before = read.before ? await rollupBefore(read, headItems, found, previous) : null;
      const mark = seriesKeys.pending(read.series);
      return {
        rollups: read.before && before === null ? await withHeadFields(read, rollups, fields.head, first) : rollups,
        before,
        pending: pendingMarkOf(headItems.get(`${mark.PK}|${mark.SK}`)),
      };
    }),
  );
};

/** The latest rollup before a range: the one found in the packs read, or none when the extent marker says nothing is older, or else a query. */
const rollupBefore = async (
  read: RollupRead,
  headItems: Map<string, Record<string, unknown>>,
  found: StoredRollup | undefined,
  previous: string,
): Promise<StoredRollup | null> => {
  if (found) return found;
  const extent = seriesKeys.extent(read.series, read.level);
  const firstPack = headItems.get(`${extent.PK}|${extent.SK}`)?.firstPack;
  if (typeof firstPack === 'string' && firstPack >= previous) return null;
  return latestRollupBefore(read.series, read.level, read.from, ['last']);
};

/** The head fields of a range's first rollup when it lies beyond the range's first pack (read without them). */
const withHeadFields = async (read: RollupRead, rollups: StoredRollup[], head: readonly RollupField[], firstPack: string): Promise<StoredRollup[]> => {
  const [earliest] = rollups;
  if (!earliest || head.length === 0 || seriesKeys.packOf(read.level, earliest.start) === firstPack) return rollups;
  const key = seriesKeys.rollupPack(read.series, read.level, earliest.start);
  const answer = await dynamo.send(new GetCommand({ TableName: seriesTable(), Key: key, ...projection(head) }));
  const items = new Map<string, Record<string, unknown>>(answer.Item ? [[packId(key), answer.Item]] : []);
  if (!answer.Item && (await legacyPacksMayExist())) await fillFromLegacyPacks([key], items, projection(head).ProjectionExpression);
  const item = items.get(packId(key));
  const [complete] = item ? decodePack(item, { from: earliest.start, to: earliest.start + 1 }) : [];
  if (!complete) return rollups;
  return [{ ...earliest, ...Object.fromEntries(head.map((field) => [field, complete[field]])) }, ...rollups.slice(1)];
};

/**
 * A point's extent marker of one level, eventually consistent (½ unit): its `firstPack`, or null
 * when there is none — what `lowerExtentMarker` takes as `known`. A stale answer is safe there: the
 * marker only moves earlier, so an older `firstPack` is still at or after the true one (a pack at
 * or after it needs no call), and a marker not seen yet costs the conditional update it makes anyway.
 */
export const readExtentMarker = async (series: SeriesRef, level: RollupLevel): Promise<string | null> => {
  const item = (await dynamo.send(new GetCommand({ TableName: seriesTable(), Key: seriesKeys.extent(series, level), ProjectionExpression: 'firstPack' }))).Item;
  return typeof item?.firstPack === 'string' ? item.firstPack : null;
};

/**
 * Lowers a point's extent marker to a pack about to be created (or to an older pack the marker
 * has not seen: packs written before markers existed). Never raises it, so the marker stays at
 * or before the earliest pack whatever the order writers run in. `known`: what the caller last
 * read or set of this marker, a sort key it is at or before (then a pack at or after it needs no
 * call, and an earlier one no query: a marker that exists has seen every pack since), or null when
 * there was none. Answers a sort key the marker is now at or before.
 */
export const lowerExtentMarker = async (series: SeriesRef, level: RollupLevel, pack: string, known?: string | null): Promise<string> => {
  if (typeof known === 'string' && known <= pack) return known;
  let firstPack = pack;
  if (typeof known !== 'string') {
    const oldest = await dynamo.send(
      new QueryCommand({
        TableName: seriesTable(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': seriesKeys.rollupPartition(series, level) },
        ProjectionExpression: 'SK',
        Limit: 1,
      }),
    );
    const existing = oldest.Items?.[0]?.SK as string | undefined;
    if (existing !== undefined && existing < pack) firstPack = existing;
  }
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: seriesTable(),
        Key: seriesKeys.extent(series, level),
        UpdateExpression: 'SET firstPack = :pack',
        ConditionExpression: 'attribute_not_exists(firstPack) OR firstPack > :pack',
        ExpressionAttributeValues: { ':pack': firstPack },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  return firstPack;
};

const WRITE_ATTEMPTS = 8;

/**
 * Sets (a rollup) or removes (null) buckets of one level, one read-modify-write per pack touched.
 * Each pack carries a version and a write only lands on the version it read, so two writers
 * changing different buckets of one pack both land; a writer that lost the race reads again.
 */
export const writeRollups = async (
  series: SeriesRef,
  level: RollupLevel,
  changes: ReadonlyMap<number, StoredRollup | null>,
): Promise<void> => {
  const byPack = new Map<string, Map<number, StoredRollup | null>>();
  for (const [start, rollup] of changes) {
    const pack = seriesKeys.packOf(level, start);
    byPack.set(pack, (byPack.get(pack) ?? new Map()).set(start, rollup));
  }
  await Promise.all([...byPack.values()].map((packChanges) => writePack(series, level, packChanges.keys().next().value!, async () => packChanges)));
};

/**
 * Recomputes buckets of one level from their sources and writes them: per pack, the pack's
 * version is read first, then the sources (`compute`), then the pack is written on that version.
 * A writer that changed the sources and the pack in between (a bulk import, a single write's
 * stream recompute) bumped the version, so this one reads the sources again: a recompute never
 * lands values older than the pack it replaces.
 */
export const writeRollupsFromSources = async (
  series: SeriesRef,
  level: RollupLevel,
  starts: readonly number[],
  compute: (starts: readonly number[]) => Promise<ReadonlyMap<number, StoredRollup | null>>,
): Promise<void> => {
  const byPack = new Map<string, number[]>();
  for (const start of starts) {
    const pack = seriesKeys.packOf(level, start);
    byPack.set(pack, [...(byPack.get(pack) ?? []), start]);
  }
  await Promise.all([...byPack.values()].map((packStarts) => writePack(series, level, packStarts[0], () => compute(packStarts))));
};

/** A pack as read for a write: its key, the version the write must land on, its buckets (none when it does not exist yet). */
export interface PackForUpdate {
  key: Key;
  /** 0 when the pack does not exist. */
  version: number;
  exists: boolean;
  rollups: StoredRollup[];
}

const packForUpdate = (key: Key, current: Record<string, unknown> | undefined): PackForUpdate => ({
  key,
  version: current ? Number(current.ver) : 0,
  exists: current !== undefined,
  rollups: current ? decodePack(current) : [],
});

/**
 * Packs not found start, while legacy packs may remain, from the buckets of the legacy pack
 * holding their stretch (still not existing, version 0): a pack created then holds every bucket
 * of its stretch, so a reader never needs the legacy pack for it again.
 */
const seededFromLegacy = async (keys: readonly Key[], items: Map<string, Record<string, unknown>>): Promise<Map<string, StoredRollup[]>> => {
  const seeds = new Map<string, StoredRollup[]>();
  if (!keys.some((key) => !items.has(packId(key))) || !(await legacyPacksMayExist())) return seeds;
  const filled = new Map(items);
  await fillFromLegacyPacks(keys, filled, undefined, { consistent: true });
  for (const key of keys) if (!items.has(packId(key)) && filled.has(packId(key))) seeds.set(packId(key), decodePack(filled.get(packId(key))!));
  return seeds;
};

const seeded = (pack: PackForUpdate, seeds: Map<string, StoredRollup[]>): PackForUpdate =>
  !pack.exists && seeds.has(packId(pack.key)) ? { ...pack, rollups: seeds.get(packId(pack.key))! } : pack;

/** The pack holding the bucket starting at `anyStart`, read consistently for a write on its version. */
export const readPackForUpdate = async (series: SeriesRef, level: RollupLevel, anyStart: number): Promise<PackForUpdate> => {
  const key = seriesKeys.rollupPack(series, level, anyStart);
  const item = (await dynamo.send(new GetCommand({ TableName: seriesTable(), Key: key, ConsistentRead: true }))).Item;
  const seeds = await seededFromLegacy([key], new Map(item ? [[packId(key), item]] : []));
  return seeded(packForUpdate(key, item), seeds);
};

/**
 * Packs of any points and levels by key, read consistently in one batch (see
 * `readPackForUpdate`), in the keys' order; with them, in the same batch, the extent markers of
 * `extentsOf` (series and level): each `firstPack`, or null when there is no marker, by marker key.
 * `eventual`: eventually consistent (half the units), for packs written long enough ago that a
 * stale read is very unlikely (a source fetch's): a write on a stale version fails its condition
 * and recomputes its buckets from a strongly consistent read (`writeHeldRollups`).
 */
export const readPacksForUpdate = async (
  keys: readonly Key[],
  extentsOf: readonly { series: SeriesRef; level: RollupLevel }[] = [],
  options: { eventual?: boolean } = {},
): Promise<{ packs: PackForUpdate[]; extents: Map<string, string | null> }> => {
  const extentKeys = extentsOf.map(({ series, level }) => seriesKeys.extent(series, level));
  if (keys.length + extentKeys.length === 0) return { packs: [], extents: new Map() };
  const items = await batchGet([...keys, ...extentKeys], undefined, { consistent: options.eventual !== true });
  const extents = new Map(
    extentKeys.map((key) => {
      const firstPack = items.get(`${key.PK}|${key.SK}`)?.firstPack;
      return [`${key.PK}|${key.SK}`, typeof firstPack === 'string' ? firstPack : null];
    }),
  );
  const seeds = await seededFromLegacy(keys, items);
  return { packs: keys.map((key) => seeded(packForUpdate(key, items.get(`${key.PK}|${key.SK}`)), seeds)), extents };
};

/**
 * Writes a pack read by `readPackForUpdate` with some buckets changed, only if it is still the
 * version read: the pack as now stored (to write on again), or null when another writer changed
 * it in between (nothing written then). `extentLowered`: the caller lowered the point's extent
 * marker to this pack already (see `lowerExtentMarker`).
 */
export const writePackOnVersion = async (
  series: SeriesRef,
  level: RollupLevel,
  read: PackForUpdate,
  changes: ReadonlyMap<number, StoredRollup | null>,
  options: { extentLowered?: boolean } = {},
): Promise<PackForUpdate | null> => {
  const rollups = applyChanges(read.rollups, changes);
  const condition = read.exists
    ? { ConditionExpression: 'ver = :ver', ExpressionAttributeValues: { ':ver': read.version } }
    : { ConditionExpression: 'attribute_not_exists(PK)' };
  try {
    if (rollups.length) {
      if (!read.exists && !options.extentLowered) await lowerExtentMarker(series, level, read.key.SK);
      await dynamo.send(new PutCommand({ TableName: seriesTable(), Item: { ...read.key, n: rollups.length, ...encodePack(rollups), ver: read.version + 1 }, ...condition }));
      return { key: read.key, version: read.version + 1, exists: true, rollups };
    }
    if (read.exists) await dynamo.send(new DeleteCommand({ TableName: seriesTable(), Key: read.key, ...condition }));
    return { key: read.key, version: 0, exists: false, rollups: [] };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
};

const writePack = async (
  series: SeriesRef,
  level: RollupLevel,
  anyStart: number,
  changesOf: () => Promise<ReadonlyMap<number, StoredRollup | null>>,
): Promise<void> => {
  for (let attempt = 1; ; attempt += 1) {
    const read = await readPackForUpdate(series, level, anyStart);
    if (await writePackOnVersion(series, level, read, await changesOf())) return;
    if (attempt >= WRITE_ATTEMPTS) throw new ConditionalCheckFailedException({ message: `Rollup pack ${read.key.PK} ${read.key.SK} kept changing`, $metadata: {} });
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
  }
};

/**
 * Repacks a point's legacy rollup packs of one level (hours of a UTC month, days of a UTC year)
 * into current packs: each current stretch the legacy pack has buckets in is created from them,
 * only if no current pack exists (one that exists was started from the legacy pack's buckets by
 * the writer that created it, and changed since: it is the truer). The legacy packs are not
 * deleted here (see `deleteLegacyPacks`). Answers how many packs were created.
 */
export const repackLegacyPacks = async (series: SeriesRef, level: RollupLevel): Promise<number> => {
  const PK = seriesKeys.rollupPartition(series, level);
  const legacy = (await queryAll({ TableName: seriesTable(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': PK }, ConsistentRead: true })).filter(
    (item) => seriesKeys.isLegacyPack(level, String(item.SK)),
  );
  let created = 0;
  for (const item of legacy) {
    const byStretch = new Map<string, StoredRollup[]>();
    for (const rollup of decodePack(item)) {
      const SK = seriesKeys.packOf(level, rollup.start);
      byStretch.set(SK, [...(byStretch.get(SK) ?? []), rollup]);
    }
    if (byStretch.size === 0) continue;
    await lowerExtentMarker(series, level, [...byStretch.keys()].sort()[0]);
    await Promise.all(
      [...byStretch].map(async ([SK, rollups]) => {
        try {
          await dynamo.send(
            new PutCommand({ TableName: seriesTable(), Item: { PK, SK, n: rollups.length, ...encodePack(rollups), ver: 1 }, ConditionExpression: 'attribute_not_exists(PK)' }),
          );
          created += 1;
        } catch (error) {
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
        }
      }),
    );
  }
  return created;
};

/** Deletes a point's legacy rollup packs of one level (once `repackLegacyPacks` made their current packs). Answers how many. */
export const deleteLegacyPacks = async (series: SeriesRef, level: RollupLevel): Promise<number> => {
  const PK = seriesKeys.rollupPartition(series, level);
  const legacy = (await queryAll({ TableName: seriesTable(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': PK }, ProjectionExpression: 'PK, SK' })).filter(
    (item) => seriesKeys.isLegacyPack(level, String(item.SK)),
  );
  await batchWrite(seriesTable(), legacy.map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } })));
  return legacy.length;
};

/**
 * What a point's pending mark says (`seriesKeys.pending`): `from`, the earliest time whose rollups
 * may lack values a source fetch wrote (null: none); `daysFrom`, the earliest time whose day and
 * month rollups may lack hour rollups written since (null: none). Days and months are pending from
 * the earlier of the two.
 */
export interface PendingMark {
  from: number | null;
  daysFrom: number | null;
}

export const NOTHING_PENDING: PendingMark = { from: null, daysFrom: null };

/** Whether a mark says anything is pending. */
export const isPending = (mark: PendingMark): boolean => mark.from !== null || mark.daysFrom !== null;

/** A mark from its item's attributes. */
export const pendingMarkOf = (item: Record<string, unknown> | undefined): PendingMark => ({
  from: typeof item?.pendingFrom === 'number' ? item.pendingFrom : null,
  daysFrom: typeof item?.daysFrom === 'number' ? item.daysFrom : null,
});

/**
 * The pending marks of points, by `customer|point` (see `PendingMark`). `consistent` for a writer
 * deciding on it.
 */
export const readPendingMarks = async (series: readonly SeriesRef[], options: { consistent?: boolean } = {}): Promise<Map<string, PendingMark>> => {
  const keys = [...new Map(series.map((ref) => [`${ref.customerId}|${ref.pointId}`, seriesKeys.pending(ref)])).values()];
  const items = keys.length ? await batchGet(keys, 'PK, SK, pendingFrom, daysFrom', options) : new Map<string, Record<string, unknown>>();
  return new Map(
    series.map((ref) => {
      const key = seriesKeys.pending(ref);
      return [`${ref.customerId}|${ref.pointId}`, pendingMarkOf(items.get(`${key.PK}|${key.SK}`))];
    }),
  );
};

/** Lowers (or sets) a point's pending mark to an instant, never raising it: whatever the writers' order, it stays at or before each value not rolled up. */
export const lowerPendingMark = async (series: SeriesRef, at: number): Promise<void> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: seriesTable(),
        Key: seriesKeys.pending(series),
        UpdateExpression: 'SET pendingFrom = :at',
        ConditionExpression: 'attribute_not_exists(pendingFrom) OR pendingFrom > :at',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
};

/** Lowers (or sets) a point's `daysFrom` to an instant, never raising it: before hours are rolled up that no `pendingFrom` covers. */
export const lowerDaysFrom = async (series: SeriesRef, at: number): Promise<void> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: seriesTable(),
        Key: seriesKeys.pending(series),
        UpdateExpression: 'SET daysFrom = :at',
        ConditionExpression: 'attribute_not_exists(daysFrom) OR daysFrom > :at',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
};

/** A condition that the mark still holds what was read: each attribute equal to it, or absent when it was. */
const stillHolds = (mark: PendingMark) => {
  const parts = [
    mark.from === null ? 'attribute_not_exists(pendingFrom)' : 'pendingFrom = :from',
    mark.daysFrom === null ? 'attribute_not_exists(daysFrom)' : 'daysFrom = :daysFrom',
  ];
  const values: Record<string, number> = {};
  if (mark.from !== null) values[':from'] = mark.from;
  if (mark.daysFrom !== null) values[':daysFrom'] = mark.daysFrom;
  return { ConditionExpression: parts.join(' AND '), values };
};

/**
 * After a point's hours were rolled up from `mark.from` on: its values are pending from `from` only
 * (the latest hour's start, where the next fetches write: they need not lower it), and the days and
 * months of the hours rolled up are pending from `daysFrom` — in one conditional update, only if
 * the mark still holds what the rollup read; answers whether it did.
 */
export const settleHourRollup = async (series: SeriesRef, mark: PendingMark, next: { from: number; daysFrom: number }): Promise<boolean> =>
  updateIfStill(series, mark, 'SET daysFrom = :newDaysFrom, pendingFrom = :newFrom', { ':newDaysFrom': next.daysFrom, ':newFrom': next.from });

/**
 * After a point's every level was rolled up from the start of the pending day: its values are
 * pending from `from` only (see `settleHourRollup`), its days and months no longer — only if the
 * mark still holds what the rollup read; answers whether it did.
 */
export const settleDayRollup = async (series: SeriesRef, mark: PendingMark, from: number): Promise<boolean> =>
  updateIfStill(series, mark, 'SET pendingFrom = :newFrom REMOVE daysFrom', { ':newFrom': from });

const updateIfStill = async (series: SeriesRef, mark: PendingMark, UpdateExpression: string, newValues: Record<string, number>): Promise<boolean> => {
  const { ConditionExpression, values } = stillHolds(mark);
  try {
    await dynamo.send(
      new UpdateCommand({ TableName: seriesTable(), Key: seriesKeys.pending(series), UpdateExpression, ConditionExpression, ExpressionAttributeValues: { ...values, ...newValues } }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

/** Clears a point's pending mark if it still holds what its rollup read; answers whether it did. */
export const clearPendingMark = async (series: SeriesRef, mark: PendingMark): Promise<boolean> => {
  const { ConditionExpression, values } = stillHolds(mark);
  try {
    await dynamo.send(new DeleteCommand({ TableName: seriesTable(), Key: seriesKeys.pending(series), ConditionExpression, ExpressionAttributeValues: values }));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

/** Forgets a point's pending mark (its series removed). */
export const deletePendingMark = async (series: SeriesRef): Promise<void> => {
  await dynamo.send(new DeleteCommand({ TableName: seriesTable(), Key: seriesKeys.pending(series) }));
};
