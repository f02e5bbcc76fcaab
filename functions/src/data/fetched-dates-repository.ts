import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../clients/dynamodb';
import { keys } from './keys';
import { entitiesTable, firstKeysOfPartition, queryAll, queryPrefix } from './table';

/**
 * The latest value dates a source's fetches brought its points (issue 41; docs/architecture/series.md,
 * "Last data dates of fetched points"): one item a source (`keys.fetchedDates`), one attribute a
 * point (`d_<point id>`, epoch milliseconds), in a partition of the customer's own
 * (`C#<customer>#FETCHDATES`, one item a source) that every points answer reads whole. A fetch updates this item, where it updated each
 * point's item (2 write units a point); the points' items follow once a UTC day. Readers take the
 * later of a point's own date and the dates of every source's item (`latestFetchedDates`).
 */

const PREFIX = 'd_';
/** Attributes written by one UpdateItem: its expressions stay far under DynamoDB's 4 KB. */
const PER_UPDATE = 40;
/** Beyond this many points a source's item would pass 100 KB (DynamoDB's bound is 400 KB): its fetches advance the points' items instead. */
export const MOST_FETCHED_DATES = 2_000;

const isConditionFailure = (error: unknown): boolean => (error as { name?: string }).name === 'ConditionalCheckFailedException';

const update = (customerId: string, sourceId: string, entries: readonly (readonly [string, number])[]) =>
  dynamo.send(
    new UpdateCommand({
      TableName: entitiesTable(),
      Key: keys.fetchedDates(customerId, sourceId),
      UpdateExpression: `SET #kind = :kind, #source = :source, ${entries.map((_, index) => `#d${index} = :d${index}`).join(', ')}`,
      // Never back: a fetch that ends after a later one keeps that one's dates.
      ConditionExpression: entries.map((_, index) => `(attribute_not_exists(#d${index}) OR #d${index} < :d${index})`).join(' AND '),
      ExpressionAttributeNames: { '#kind': 'kind', '#source': 'source', ...Object.fromEntries(entries.map(([pointId], index) => [`#d${index}`, `${PREFIX}${pointId}`])) },
      ExpressionAttributeValues: { ':kind': 'fetched-dates', ':source': sourceId, ...Object.fromEntries(entries.map(([, at], index) => [`:d${index}`, at])) },
    }),
  );

const datesOfItem = (item: Record<string, unknown> | undefined): Map<string, number> =>
  new Map(
    Object.entries(item ?? {}).flatMap(([name, value]) => (name.startsWith(PREFIX) && typeof value === 'number' ? [[name.slice(PREFIX.length), value] as const] : [])),
  );

/**
 * Moves the dates of these points forward in the source's item, never back: an update whose
 * condition fails (another fetch wrote a later date of one of them) is read again and the dates
 * still later written, a few times at most.
 */
export const recordFetchedDates = async (customerId: string, sourceId: string, latest: ReadonlyMap<string, number>): Promise<void> => {
  const all = [...latest];
  for (let start = 0; start < all.length; start += PER_UPDATE) {
    let entries = all.slice(start, start + PER_UPDATE);
    for (let attempt = 0; entries.length > 0; attempt += 1) {
      try {
        await update(customerId, sourceId, entries);
        break;
      } catch (error) {
        if (!isConditionFailure(error) || attempt >= 5) throw error;
        const stored = datesOfItem((await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.fetchedDates(customerId, sourceId), ConsistentRead: true }))).Item);
        entries = entries.filter(([pointId, at]) => (stored.get(pointId) ?? -Infinity) < at);
      }
    }
  }
};

const datesAt = async (key: { PK: string; SK: string }): Promise<Map<string, number>> =>
  datesOfItem((await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: key, ConsistentRead: true }))).Item);

/**
 * The dates one source's fetches brought, by point (strongly consistent: read before the source goes). Its item where
 * versions before 2026-11-29's kept it is read too, the later date kept: a source deleted before the deploy's
 * migrations moved it loses none of them.
 */
export const fetchedDatesOfSource = async (customerId: string, sourceId: string): Promise<Map<string, number>> => {
  const [current, legacy] = await Promise.all([datesAt(keys.fetchedDates(customerId, sourceId)), datesAt(keys.legacyFetchedDates(customerId, sourceId))]);
  for (const [pointId, at] of legacy) current.set(pointId, Math.max(current.get(pointId) ?? -Infinity, at));
  return current;
};

/** The latest date every source's fetches brought each point of the customer (a point moved between sources: the later). */
export const latestFetchedDates = async (customerId: string, options: { consistent?: boolean } = {}): Promise<Map<string, number>> => {
  const latest = new Map<string, number>();
  const items = await queryAll<Record<string, unknown>>({
    ...(options.consistent ? { ConsistentRead: true } : {}),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.fetchedDatesOfCustomer(customerId).PK },
  });
  for (const item of items) {
    for (const [pointId, at] of datesOfItem(item)) latest.set(pointId, Math.max(latest.get(pointId) ?? -Infinity, at));
  }
  return latest;
};

export const deleteFetchedDates = async (customerId: string, sourceId: string): Promise<void> => {
  await dynamo.send(new DeleteCommand({ TableName: entitiesTable(), Key: keys.fetchedDates(customerId, sourceId) }));
};

/** The keys of the first `limit` items of the customer's fetched dates (a customer's deletion). */
export const pageOfFetchedDatesKeys = (customerId: string, limit: number): Promise<{ PK: string; SK: string }[]> =>
  firstKeysOfPartition(keys.fetchedDatesOfCustomer(customerId).PK, limit);

/**
 * Moves the customer's fetched dates from where versions before 2026-11-29's kept them (`FETCHDATES#<source>` in the
 * customer's partition) to their own partition (the deploy's migrations, step 8): each old item's dates are recorded
 * in the new item as a fetch records them (never moving a date back: a fetch of this version may have written a later
 * one), then the old item is deleted. A source deleted meanwhile (its deletion removes both items) loses the copy
 * again. Running it again finds nothing to move. Answers the items moved.
 */
export const moveLegacyFetchedDates = async (customerId: string): Promise<number> => {
  const { PK, prefix } = keys.legacyFetchedDatesOfCustomer(customerId);
  const items = await queryPrefix<Record<string, unknown>>(PK, prefix, { consistent: true });
  for (const item of items) {
    const sourceId = String(item.SK).slice(prefix.length);
    await recordFetchedDates(customerId, sourceId, datesOfItem(item));
    await dynamo.send(new DeleteCommand({ TableName: entitiesTable(), Key: keys.legacyFetchedDates(customerId, sourceId) }));
    const source = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.source(customerId, sourceId), ConsistentRead: true, ProjectionExpression: 'PK' }));
    if (!source.Item) await deleteFetchedDates(customerId, sourceId);
  }
  return items.length;
};
