import { searchWordsOf } from '@shared/api/paging';
import type { Location } from '@shared/schemas/location';
import type { Point } from '@shared/schemas/point';
import { keys } from './keys';
import { batchWrite, entitiesTable, firstKeysOfPartition, getItems, queryPages } from './table';

/**
 * The search index of a customer's points (issue 43): one small item per point and term, so that a
 * search reads the points whose words begin with what is typed, not the customer's 20,000 points.
 *
 * A point's terms are the words (3 letters or digits and more, folded: see `searchWordsOf`) of its
 * name, its technical id and its locations' names, and one place term per location (`@<locationId>`,
 * `@` for a point without location). Each term item is keyed twice, the tenant in both:
 * - in the table, `C#<customer>#PTQ` / `<pointId>\u0001<term>`: a point's items are known from the
 *   point alone (a save deletes the terms it no longer has, a customer's deletion the partition);
 * - on GSI1, `C#<customer>#PTQ#<bucket>` / `<term>\u0001<order key>`, the bucket being a word's
 *   first three characters or a place term whole: a search is one Query of a bucket for the terms
 *   that begin with a word, answering the points in list order within a term.
 *
 * The index only proposes: a reader checks each point it reads against the search (a term left
 * behind by a location's rename or an interrupted write proposes a point that no longer matches,
 * and is dropped). Points written before the index get their terms from `backfillPointIndex`.
 */

/** Words shorter than this are not indexed: a search of only such words reads the list in order. */
export const MIN_INDEXED_WORD = 3;
const BUCKET_LENGTH = 3;
const MAX_WORD_LENGTH = 40;
/** A save writes a point, its claim and its terms in one transaction (100 items at most): old and new terms fit. */
const MAX_TERMS = 40;

export const NO_LOCATION_TERM = '@';
export const placeTerm = (locationId: string): string => `@${locationId}`;

const bucketOf = (term: string): string => (term.startsWith('@') ? term : term.slice(0, BUCKET_LENGTH));

export const pointTermKeys = {
  /** A term item in the table: under the customer's index partition, by point and term. */
  item: (customerId: string, pointId: string, term: string) => ({ PK: `C#${customerId}#PTQ`, SK: `${pointId}\u0001${term}` }),
  partition: (customerId: string) => ({ PK: `C#${customerId}#PTQ` }),
  /** Its place on GSI1: the bucket of its term, then the term and the point's list order. */
  index: (customerId: string, term: string, orderKey: string) => ({ GSI1PK: `C#${customerId}#PTQ#${bucketOf(term)}`, GSI1SK: `${term}\u0001${orderKey}` }),
};

/** The name a location is searched and shown by. */
export const locationNameOf = (location: Pick<Location, 'name' | 'denomination'>): string => location.denomination || location.name;

/** The terms of a point (place terms first, then its name's, its technical id's and its locations' words). */
export const pointTermsOf = (point: Pick<Point, 'name' | 'technical_id' | 'location'>, locationNames: ReadonlyMap<string, string>): string[] => {
  const places = point.location.length ? point.location.map(placeTerm) : [NO_LOCATION_TERM];
  const words = [point.name, point.technical_id, ...point.location.map((id) => locationNames.get(id) ?? '')]
    .flatMap(searchWordsOf)
    .filter((word) => word.length >= MIN_INDEXED_WORD)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
  return [...new Set([...places, ...words])].slice(0, MAX_TERMS);
};

type Indexed = Pick<Point, '_id' | 'customer' | 'name' | 'technical_id' | 'location'>;

/** The term items of a point, as written with it. */
export const pointTermItems = (point: Indexed, orderKey: string, locationNames: ReadonlyMap<string, string>): Record<string, unknown>[] =>
  pointTermsOf(point, locationNames).map((term) => ({
    ...pointTermKeys.item(point.customer, point._id, term),
    ...pointTermKeys.index(point.customer, term, orderKey),
    kind: 'point-term',
    point: point._id,
  }));

/**
 * What moves a point's terms from one state to another: the items to put (all of the new state's:
 * its order key may have changed) and the keys of the old state's terms it no longer has.
 */
export const pointTermChanges = (
  before: { point: Indexed; names: ReadonlyMap<string, string> } | null,
  after: { point: Indexed; orderKey: string; names: ReadonlyMap<string, string> } | null,
  { sameOrder = false }: { sameOrder?: boolean } = {},
): { puts: Record<string, unknown>[]; deletes: { PK: string; SK: string }[] } => {
  const all = after ? pointTermItems(after.point, after.orderKey, after.names) : [];
  const kept = new Set(all.map((item) => String(item.SK)));
  const had = before ? pointTermsOf(before.point, before.names).map((term) => pointTermKeys.item(before.point.customer, before.point._id, term)) : [];
  const existing = new Set(had.map((key) => key.SK));
  return {
    // The order key unchanged (a move, a location's rename), the terms it had already are right.
    puts: sameOrder ? all.filter((item) => !existing.has(String(item.SK))) : all,
    deletes: had.filter((key) => !kept.has(key.SK)),
  };
};

/** The names of these locations of a customer, by id (read by key; those that do not exist are absent). */
export const locationNamesOf = async (customerId: string, locationIds: readonly string[]): Promise<Map<string, string>> => {
  if (locationIds.length === 0) return new Map();
  const items = await getItems([...new Set(locationIds)].map((id) => keys.location(customerId, id)));
  return new Map(items.map((item) => [String(item._id), locationNameOf(item as unknown as Location)]));
};

/** Writes term changes of several points (puts and deletes, 25 a batch): for writers that are not a point's own save. */
export const writePointTermChanges = (changes: readonly ReturnType<typeof pointTermChanges>[]): Promise<void> =>
  batchWrite(entitiesTable(), [
    ...changes.flatMap(({ deletes }) => deletes.map((Key) => ({ DeleteRequest: { Key } }))),
    ...changes.flatMap(({ puts }) => puts.map((Item) => ({ PutRequest: { Item } }))),
  ]);

/** A point the index proposes: its id and its list order key as the term item holds it. */
export interface IndexedPoint {
  point: string;
  order: string;
}

/**
 * The points with a term beginning with `word` (a folded word of `MIN_INDEXED_WORD` characters or
 * more), or with a place term (`placeTerm`, `NO_LOCATION_TERM`) exactly: one Query of one bucket,
 * following its pages. A point is answered once per term it has: the caller removes duplicates.
 * With `atMost`, a word with more entries than that answers null (the reading stops there): a word
 * that frequent is better read in list order, where a page fills at once.
 */
export const pointsWithTerm = async (customerId: string, word: string, atMost = Number.POSITIVE_INFINITY): Promise<IndexedPoint[] | null> => {
  const isPlace = word.startsWith('@');
  const { GSI1PK } = pointTermKeys.index(customerId, word, '');
  const found: IndexedPoint[] = [];
  const pages = queryPages({
    TableName: entitiesTable(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :term)',
    ExpressionAttributeValues: { ':pk': GSI1PK, ':term': isPlace ? `${word}\u0001` : word },
    ExpressionAttributeNames: { '#point': 'point' },
    ProjectionExpression: 'GSI1SK, #point',
    ...(Number.isFinite(atMost) ? { Limit: atMost + 1 } : {}),
  });
  for await (const page of pages) {
    for (const item of (page.Items ?? []) as { GSI1SK: string; point: string }[]) {
      found.push({ point: item.point, order: item.GSI1SK.slice(item.GSI1SK.indexOf('\u0001') + 1) });
    }
    if (found.length > atMost) return null;
  }
  return found;
};

/** Up to `limit` keys of a customer's term items (for its deletion): the partition's first ones. */
export const pageOfPointTermKeys = (customerId: string, limit: number): Promise<{ PK: string; SK: string }[]> => firstKeysOfPartition(pointTermKeys.partition(customerId).PK, limit);
