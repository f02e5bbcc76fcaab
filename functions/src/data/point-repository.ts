import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { MaplyticsSettings } from '@shared/maplytics/levels';
import { foldText } from '@shared/api/paging';
import type { Point } from '@shared/schemas/point';
import { dynamo } from '../clients/dynamodb';
import { AppError } from '../errors';
import { keys, stripKeys } from './keys';
import { MOST_PARTS, mergeSiteChanges, noteLastDataDate, pointSummaryChanges, siteUpdateOf, writeSiteChanges, type SiteChange } from './map-summary';
import { locationNamesOf, placeTerm, pointsWithTerm, pointTermChanges, pointTermItems, writePointTermChanges } from './point-search-index';
import { entitiesTable, getItems, putItems, queryAll, queryPages, queryPrefix, updateAttributes, updateOfAttributes } from './table';

/** Items written before maplytics settings existed read as following their location's. */
const toPoint = (item: Record<string, unknown>): Point => {
  const point = stripKeys(item) as unknown as Point;
  return { ...point, maplytics_custom_settings: point.maplytics_custom_settings ?? { levels: null } };
};

/**
 * The order of a customer's points in every list answer, whole or paged: by name with accents and
 * case ignored, then by id. It is the sort key of GSI1 (compared as DynamoDB compares strings, by
 * their UTF-8 bytes), so that a page is read from the index without reading the points before it.
 */
export const pointOrderKey = (point: Pick<Point, '_id' | 'name'>): string =>
  `${foldText(point.name)
    .replace(/[\u0000-\u001f]/g, '')
    .slice(0, 160)}\u0001${point._id}`;

export const compareOrderKeys = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** A point as the table holds it: its keys, its place in the list order, and its fields. Every writer of a point item writes this. */
export const pointItem = (point: Point): Record<string, unknown> => ({
  ...keys.point(point.customer, point._id),
  ...keys.pointInOrder(point.customer, pointOrderKey(point)),
  kind: 'point',
  ...point,
});

/**
 * A point as a seed or a test writes it, as a save would: its item, its technical id's claim and
 * its search terms (see point-search-index; `locationNames` the names of its locations).
 */
export const pointItemsWithIndex = (point: Point, locationNames: ReadonlyMap<string, string> = new Map()): Record<string, unknown>[] => [
  pointItem(point),
  { ...keys.technicalId(point.customer, point.technical_id), kind: 'technical-id', point: point._id },
  ...pointTermItems(point, pointOrderKey(point), locationNames),
];

/** Every point of a customer, in list order (one Query following every page: 20,000 points are ~15 MB, ~15 calls). */
export const listPointsOfCustomer = async (customerId: string): Promise<Point[]> => {
  const { PK, prefix } = keys.pointsOfCustomer(customerId);
  return (await queryPrefix<Record<string, unknown>>(PK, prefix))
    .map((item) => ({ point: toPoint(item), order: Buffer.from(pointOrderKey(item as unknown as Point), 'utf8') }))
    .sort((a, b) => Buffer.compare(a.order, b.order))
    .map(({ point }) => point);
};

/**
 * The stamp of a customer's points (`keys.pointsStamp`) moved: a new version. Every writer of a point
 * puts it in the point's own transaction (or, for a batch put, after its items), so a reader that
 * read the stamp before a list sees, at its next read, a version other than the list's.
 */
export const pointsStampUpdate = (customerId: string) => ({
  TableName: entitiesTable(),
  Key: keys.pointsStamp(customerId),
  UpdateExpression: 'SET #kind = :kind, #version = :version',
  ExpressionAttributeNames: { '#kind': 'kind', '#version': 'version' },
  ExpressionAttributeValues: { ':kind': 'points-stamp', ':version': randomUUID() },
});

/** The stamp's version (strongly consistent: a write acknowledged before is seen), null before any point was written since it exists. */
export const readPointsStamp = async (customerId: string): Promise<string | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.pointsStamp(customerId), ConsistentRead: true }));
  return typeof answer.Item?.version === 'string' ? answer.Item.version : null;
};

/**
 * Every point of a customer, strongly consistent and in no order: read after the stamp, it holds
 * every write the stamp's version was moved by. Whole items (a projection is billed as much).
 */
export const listPointsOfCustomerConsistently = async (customerId: string): Promise<Point[]> => {
  const { PK, prefix } = keys.pointsOfCustomer(customerId);
  return (await queryPrefix<Record<string, unknown>>(PK, prefix, { consistent: true })).map(toPoint);
};

/** A point's fields that say whose it is, where it is and what it measures: no tags, texts or settings. */
export const POINT_FACT_FIELDS = ['_id', 'customer', 'name', 'location', 'resource', 'series_type', 'unit', 'calculation', 'hide_on_maplytics', 'last_data_date'] as const;
export type PointFacts = Pick<Point, (typeof POINT_FACT_FIELDS)[number]>;

/**
 * Every point of a customer with its facts alone, in no particular order: the same Query as
 * `listPointsOfCustomer` (DynamoDB reads as much), a fraction of its answer to send and decode
 * (the rebuild of maplytics' site summaries: what each site counts and rates). Consistent: a
 * rebuild must see every write made before it read the summaries' versions.
 */
export const listPointFactsOfCustomer = async (customerId: string): Promise<PointFacts[]> => {
  const { PK, prefix } = keys.pointsOfCustomer(customerId);
  const names = Object.fromEntries(POINT_FACT_FIELDS.map((field, index) => [`#f${index}`, field]));
  const items = await queryAll<PointFacts>({
    ConsistentRead: true,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ProjectionExpression: Object.keys(names).join(', '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix },
  });
  // An attribute a point item lacks is not projected: its default, as the point's schema gives it.
  return items.map((item) => ({ ...item, calculation: item.calculation ?? null, hide_on_maplytics: item.hide_on_maplytics ?? false, last_data_date: item.last_data_date ?? null }));
};

/** What a Query may answer at once is 1 MB (~1,400 points): asking for more only reads to that limit. */
const LARGEST_BATCH = 2_000;

/**
 * A customer's points in list order after a position (an order key; from the first when null),
 * read from GSI1 as long as the caller keeps asking: `firstBatch` items first (a page of 50 reads
 * about 50 points, not the customer's 20,000), then up to 1 MB a call.
 */
export async function* pointsInOrderAfter(customerId: string, after: string | null, firstBatch: number): AsyncGenerator<Point & { order: string }> {
  const { GSI1PK } = keys.pointsInOrder(customerId);
  const pages = queryPages(
    {
      TableName: entitiesTable(),
      IndexName: 'GSI1',
      KeyConditionExpression: after === null ? 'GSI1PK = :pk' : 'GSI1PK = :pk AND GSI1SK > :after',
      ExpressionAttributeValues: { ':pk': GSI1PK, ...(after === null ? {} : { ':after': after }) },
      Limit: firstBatch,
    },
    LARGEST_BATCH,
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) yield { ...toPoint(item), order: String(item.GSI1SK) };
  }
}

export const getPoint = async (customerId: string, pointId: string): Promise<Point | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.point(customerId, pointId) }));
  return answer.Item ? toPoint(answer.Item) : null;
};

/** The points of a customer among these ids, by id (those that do not exist are absent). */
export const getPoints = async (customerId: string, pointIds: readonly string[]): Promise<Map<string, Point>> => {
  const items = await getItems([...new Set(pointIds)].map((id) => keys.point(customerId, id)));
  return new Map(items.map(toPoint).map((point) => [point._id, point]));
};

export const isTechnicalIdTaken = async (customerId: string, technicalId: string, exceptPointId?: string): Promise<boolean> => {
  const answer = await dynamo.send(
    new GetCommand({ TableName: entitiesTable(), Key: keys.technicalId(customerId, technicalId) }),
  );
  return Boolean(answer.Item && answer.Item.point !== exceptPointId);
};

const isConditionFailure = (error: unknown): boolean =>
  (error as { name?: string }).name === 'TransactionCanceledException' ||
  (error as { name?: string }).name === 'ConditionalCheckFailedException';

/** Items a DynamoDB transaction may name (the points' stamp among them). */
const MOST_TRANSACTION_ITEMS = 100;

const cancelledByConflict = (error: unknown): boolean =>
  (error as { name?: string }).name === 'TransactionConflictException' ||
  ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).some((reason) => reason.Code === 'TransactionConflict');

/** Tries of a point's transaction that another one held an item of (the stamp, a site's summary) before it is given up. */
const TRANSACTION_TRIES = 6;

/**
 * A transaction writing a customer's points, with its stamp moved (first: a cancelled transaction's
 * last reason stays the point's own). Every write of a point moves the one stamp, so concurrent
 * writes of a customer's points (a bulk action's, several users') may meet on it: DynamoDB then
 * cancels all but one, and the others are tried again after a short random wait.
 */
const writePointsInTransaction = async (
  customerId: string,
  items: NonNullable<TransactWriteCommandInput['TransactItems']>,
  { moveStamp = true }: { moveStamp?: boolean } = {},
): Promise<void> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dynamo.send(new TransactWriteCommand({ TransactItems: [...(moveStamp ? [{ Update: pointsStampUpdate(customerId) }] : []), ...items] }));
      return;
    } catch (error) {
      if (!cancelledByConflict(error) || attempt >= TRANSACTION_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
    }
  }
};

/**
 * The fields of a point that the stamp's readers keep (a source's fetch: `fetched-points.ts`). A save
 * that changes none of them — a bulk hide on the map, a new name, tags or texts — leaves the stamp
 * alone, so such saves of a customer's points do not all meet on it. Last data dates are kept apart
 * by their readers (ingestion advances them without the stamp).
 */
export const STAMPED_POINT_FIELDS = ['technical_id', 'source', 'active', 'calculation', 'location'] as const;

/** Whether a save changes what the stamp's readers keep of a point (a creation always does). */
export const movesPointsStamp = (previous: Point | null, point: Point): boolean =>
  previous === null || STAMPED_POINT_FIELDS.some((field) => JSON.stringify(previous[field] ?? null) !== JSON.stringify(point[field] ?? null));

/** Moves the stamp alone: after points written outside a transaction (a batch put). */
const movePointsStamp = async (customerId: string): Promise<void> => {
  await dynamo.send(new UpdateCommand(pointsStampUpdate(customerId)));
};

/**
 * A point's update made conditional on the point being as it was read (its `updated_at`, which every
 * save and move sets): its maplytics summaries are written from that reading, so a save that crossed
 * another answers 409 instead of leaving a site's summary with a point that went elsewhere.
 */
const unchangedSince = <U extends { ConditionExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues: Record<string, unknown> }>(
  read: Pick<Point, 'updated_at'> | null,
  update: U,
): U => {
  if (!read) return update;
  const seen = (read as { updated_at?: string }).updated_at;
  return {
    ...update,
    ConditionExpression: `${update.ConditionExpression} AND ${seen === undefined ? 'attribute_not_exists(#seenAt)' : '#seenAt = :seenAt'}`,
    ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#seenAt': 'updated_at' },
    ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ...(seen === undefined ? {} : { ':seenAt': seen }) },
  };
};

/** Fields a save never writes: set elsewhere (`last_data_date` by ingestion, maplytics settings by their route) or fixed at creation. */
const NOT_SAVED = new Set(['_id', 'customer', 'last_data_date', 'created_at', 'maplytics_custom_settings']);

/**
 * Saves a point and claims its technical id in one transaction: two points of a customer can
 * never share a technical id, even when saved at the same instant. A changed technical id
 * releases the old claim. A new point is put whole (and must not exist); an existing one gets
 * its editable fields updated (and must still exist), leaving `last_data_date` to ingestion.
 * Its search terms are written in the same transaction, those it no longer has deleted
 * (`previous`: the point as it was read before an update).
 */
export const savePoint = async (point: Point, previousTechnicalId: string | null, mode: 'create' | 'update', previous: Point | null = null): Promise<void> => {
  const table = entitiesTable();
  const names = await locationNamesOf(point.customer, [...point.location, ...(previous?.location ?? [])]);
  const terms = pointTermChanges(previous ? { point: previous, names } : null, { point, orderKey: pointOrderKey(point), names });
  const key = keys.point(point.customer, point._id);
  const claim = {
    Put: {
      TableName: table,
      Item: { ...keys.technicalId(point.customer, point.technical_id), kind: 'technical-id', point: point._id },
      ConditionExpression: 'attribute_not_exists(PK) OR #point = :point',
      ExpressionAttributeNames: { '#point': 'point' },
      ExpressionAttributeValues: { ':point': point._id },
    },
  };
  const release =
    previousTechnicalId && previousTechnicalId !== point.technical_id
      ? [{ Delete: { TableName: table, Key: keys.technicalId(point.customer, previousTechnicalId) } }]
      : [];
  const write =
    mode === 'create'
      ? { Put: { TableName: table, Item: pointItem(point), ConditionExpression: 'attribute_not_exists(PK)' } }
      : { Update: unchangedSince(previous, updateOfAttributes(key, { ...Object.fromEntries(Object.entries(point).filter(([name]) => !NOT_SAVED.has(name))), ...keys.pointInOrder(point.customer, pointOrderKey(point)) })) };
  const head = [claim, ...release, ...terms.deletes.map((Key) => ({ Delete: { TableName: table, Key } })), ...terms.puts.map((Item) => ({ Put: { TableName: table, Item } }))];
  // Its sites' maplytics summaries in the same transaction; a point on so many sites that they do not fit has the rest written after it.
  const sites = pointSummaryChanges(previous, point);
  const moveStamp = mode === 'create' || movesPointsStamp(previous, point);
  // The stamp (when it moves), the head and the point itself.
  const room = Math.max(0, MOST_TRANSACTION_ITEMS - head.length - (moveStamp ? 2 : 1));
  try {
    await writePointsInTransaction(
      point.customer,
      [
        ...head,
        ...sites.slice(0, room).map((change) => ({ Update: siteUpdateOf(point.customer, change) })),
        // Last: a cancelled transaction says by its last reason whether the point was missing (or changed since it was read).
        write,
      ],
      { moveStamp },
    );
  } catch (error) {
    if (cancelledByConflict(error)) throw new AppError('conflict', { cause: error });
    if (isConditionFailure(error)) {
      const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      if (reasons.at(-1)?.Code === 'ConditionalCheckFailed') {
        if (mode === 'update' && (await getPoint(point.customer, point._id))) throw new AppError('conflict', { cause: error });
        throw new AppError('not_found', { cause: error });
      }
      throw new AppError('technical_id_exists', { cause: error });
    }
    throw error;
  }
  if (sites.length > room) await writeSiteChanges(point.customer, sites.slice(room));
};

/**
 * Puts many points with their technical ids' claims, 25 items per batch, unconditionally: for a
 * seeded customer whose ids and technical ids are all its own (rewriting them replaces them).
 */
export const putPointsWithClaims = async (points: readonly Point[]): Promise<void> => {
  const byCustomer = new Map<string, Point[]>();
  for (const point of points) byCustomer.set(point.customer, [...(byCustomer.get(point.customer) ?? []), point]);
  for (const [customerId, ofCustomer] of byCustomer) {
    const names = await locationNamesOf(customerId, ofCustomer.flatMap((point) => point.location));
    await putItems(ofCustomer.flatMap((point) => pointItemsWithIndex(point, names)));
    // After the items (a batch is no transaction): a list read before this saw a stamp this moves.
    await movePointsStamp(customerId);
    // Their sites' maplytics summaries, once the points are there (idempotent: each point's present state).
    await writeSiteChanges(customerId, ofCustomer.flatMap((point) => pointSummaryChanges(null, point)));
  }
};

/** Moves a point's latest value date forward, never back: concurrent ingests and edits all keep theirs. */
export const advanceLastDataDate = async (customerId: string, pointId: string, at: string): Promise<void> => {
  try {
    const answer = await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.point(customerId, pointId),
        UpdateExpression: 'SET last_data_date = :at',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(last_data_date) OR last_data_date = :none OR last_data_date < :at)',
        ExpressionAttributeValues: { ':at': at, ':none': null },
        ReturnValues: 'ALL_OLD',
      }),
    );
    // A rated meter's sites learn its new date (once a day at most).
    if (answer.Attributes) await noteLastDataDate(customerId, toPoint(answer.Attributes), at);
  } catch (error) {
    // A later date is already there (or the point is gone): nothing to do.
    if (!isConditionFailure(error)) throw error;
  }
};

type LocationChange = { pointId: string; before: readonly string[]; after: readonly string[] };

/**
 * The moves of `setPointLocations` cut into transactions: each names at most 100 items (its points
 * and their sites' summaries, one update per site) and a site's update at most `MOST_PARTS` points.
 */
type Move = { change: LocationChange; read: Point | null; sites: SiteChange[] };

const movesInTransactions = (moves: readonly Move[]): Move[][] => {
  const batches: Move[][] = [];
  let batch: Move[] = [];
  const parts = new Map<string, number>();
  for (const move of moves) {
    const added = move.sites.filter((site) => !parts.has(site.site)).length;
    // The batch's points with this one, their sites' summaries and the points' stamp.
    const full =
      batch.length + 1 + parts.size + added + 1 > MOST_TRANSACTION_ITEMS ||
      move.sites.some((site) => (parts.get(site.site) ?? 0) + site.parts.length > MOST_PARTS);
    if (full && batch.length > 0) {
      batches.push(batch);
      batch = [];
      parts.clear();
    }
    batch.push(move);
    for (const site of move.sites) parts.set(site.site, (parts.get(site.site) ?? 0) + site.parts.length);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
};

/**
 * Sets the locations of several points, each only if it still holds the locations it was read with
 * (and is as it was read: see `unchangedSince`); a concurrent move answers 409 rather than being lost.
 * Each transaction (up to 100 items: the points and their sites' maplytics summaries) is all or
 * nothing; a move of many points may take several.
 */
export const setPointLocations = async (customerId: string, changes: readonly LocationChange[], now: string): Promise<void> => {
  const points = await getPoints(customerId, changes.map((change) => change.pointId));
  const moves = changes.map((change): Move => {
    const point = points.get(change.pointId);
    // A point gone meanwhile: its update fails below (it must exist), its summaries are not written.
    const sites = point ? pointSummaryChanges({ ...point, location: [...change.before] }, { ...point, location: [...change.after] }) : [];
    return { change, read: point ?? null, sites };
  });
  for (const batch of movesInTransactions(moves)) {
    try {
      await writePointsInTransaction(customerId, [
        ...batch.map(({ change: { pointId, before, after }, read }) => ({
          Update: unchangedSince(read, {
            TableName: entitiesTable(),
            Key: keys.point(customerId, pointId),
            UpdateExpression: 'SET #location = :after, updated_at = :now',
            ConditionExpression: 'attribute_exists(PK) AND #location = :before',
            ExpressionAttributeNames: { '#location': 'location' } as Record<string, string>,
            ExpressionAttributeValues: { ':after': after, ':before': before, ':now': now } as Record<string, unknown>,
          }),
        })),
        ...mergeSiteChanges(batch.flatMap((move) => move.sites)).map((change) => ({ Update: siteUpdateOf(customerId, change) })),
      ]);
    } catch (error) {
      if (isConditionFailure(error) || cancelledByConflict(error)) throw new AppError('conflict', { cause: error });
      throw error;
    }
  }
  await reindexMovedPoints(customerId, changes);
};

/** The search terms of points whose locations changed: their place terms and their locations' words. */
const reindexMovedPoints = async (customerId: string, changes: readonly { pointId: string; before: readonly string[] }[]): Promise<void> => {
  if (changes.length === 0) return;
  const points = await getPoints(customerId, changes.map((change) => change.pointId));
  const names = await locationNamesOf(customerId, [...changes.flatMap((change) => change.before), ...[...points.values()].flatMap((point) => point.location)]);
  await writePointTermChanges(
    changes.flatMap(({ pointId, before }) => {
      const point = points.get(pointId);
      return point ? [pointTermChanges({ point: { ...point, location: [...before] }, names }, { point, orderKey: pointOrderKey(point), names }, { sameOrder: true })] : [];
    }),
  );
};

/**
 * The search terms of a location's points after its name changed (`before`: its name then): the
 * words of the old name they no longer have are deleted, the new ones written.
 */
export const reindexPointsOfLocation = async (customerId: string, locationId: string, before: string): Promise<void> => {
  const ids = [...new Set(((await pointsWithTerm(customerId, placeTerm(locationId))) ?? []).map((entry) => entry.point))];
  const points = await getPoints(customerId, ids);
  const names = await locationNamesOf(customerId, [...points.values()].flatMap((point) => point.location));
  const old = new Map(names).set(locationId, before);
  await writePointTermChanges([...points.values()].map((point) => pointTermChanges({ point, names: old }, { point, orderKey: pointOrderKey(point), names }, { sameOrder: true })));
};

/** Sets a point's maplytics settings alone; a point that is gone is `not_found`. */
export const setPointMaplyticsSettings = (customerId: string, pointId: string, settings: MaplyticsSettings): Promise<void> =>
  updateAttributes(keys.point(customerId, pointId), { maplytics_custom_settings: settings });

/** Deletes a point, its technical id's claim and its search terms. */
export const deletePoint = async (point: Point): Promise<void> => {
  const names = await locationNamesOf(point.customer, point.location);
  // Removed from every location it had (hidden or not: a removal of what is not there does nothing).
  const sites = pointSummaryChanges({ ...point, hide_on_maplytics: false }, null);
  try {
    await writePointsInTransaction(point.customer, [
      ...pointTermChanges({ point, names }, null).deletes.map((Key) => ({ Delete: { TableName: entitiesTable(), Key } })),
      ...sites.map((change) => ({ Update: siteUpdateOf(point.customer, change) })),
      { Delete: { TableName: entitiesTable(), Key: keys.technicalId(point.customer, point.technical_id) } },
      // Only from the locations it was read with: a point moved meanwhile would stay in its new site's summary.
      {
        Delete: {
          TableName: entitiesTable(),
          Key: keys.point(point.customer, point._id),
          ConditionExpression: 'attribute_not_exists(PK) OR #location = :location',
          ExpressionAttributeNames: { '#location': 'location' },
          ExpressionAttributeValues: { ':location': point.location },
        },
      },
    ]);
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('conflict', { cause: error });
    throw error;
  }
};

/** Up to `limit` point items of a customer after a sort key (the first ones without it), as stored: for the index's backfill. */
export const pageOfPointItems = async (customerId: string, afterSk: string | null, limit: number): Promise<{ items: Record<string, unknown>[]; more: boolean }> => {
  const { PK, prefix } = keys.pointsOfCustomer(customerId);
  const answer = await dynamo.send(
    new QueryCommand({
      TableName: entitiesTable(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix },
      ...(afterSk ? { ExclusiveStartKey: { PK, SK: afterSk } } : {}),
      Limit: limit,
    }),
  );
  return { items: answer.Items ?? [], more: Boolean(answer.LastEvaluatedKey) };
};

/**
 * Gives points written before the list order and the search index their place in both: GSI1's
 * order key where it is missing or stale (the point's other fields untouched; a point deleted
 * meanwhile stays deleted), and their search terms (put again: the same items). Idempotent.
 */
export const indexStoredPoints = async (customerId: string, items: readonly Record<string, unknown>[]): Promise<number> => {
  const points = items.map(toPoint);
  const names = await locationNamesOf(customerId, points.flatMap((point) => point.location));
  let reordered = 0;
  for (const [index, point] of points.entries()) {
    const order = keys.pointInOrder(customerId, pointOrderKey(point));
    if (items[index].GSI1PK === order.GSI1PK && items[index].GSI1SK === order.GSI1SK) continue;
    try {
      await dynamo.send(new UpdateCommand(updateOfAttributes(keys.point(customerId, point._id), order)));
      reordered += 1;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  await putItems(points.flatMap((point) => pointTermItems(point, pointOrderKey(point), names)));
  return reordered;
};
