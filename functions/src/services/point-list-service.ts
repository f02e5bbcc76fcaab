import { isPageRequest, matchesSearch, pageLimitOf, searchWordsOf, type ListQuery } from '@shared/api/paging';
import type { Location } from '@shared/schemas/location';
import type { Point } from '@shared/schemas/point';
import { getLocation, listLocationsOfCustomer } from '../data/location-repository';
import { compareOrderKeys, getPoints, pointOrderKey, pointsInOrderAfter } from '../data/point-repository';
import { locationNameOf, locationNamesOf, MIN_INDEXED_WORD, NO_LOCATION_TERM, placeTerm, pointsWithTerm, type IndexedPoint } from '../data/point-search-index';
import { AppError } from '../errors';
import { customerOf, type Caller } from './caller';
import { withLatestDates } from './last-data-dates';
import { decodeCursor, encodeCursor } from './page-cursor';
import { descendantsOf, pointVisibilityOf, selectionFilterOf } from './point-service';
import { unpagedListMeter } from './unpaged-list-budget';

/**
 * The point lists of the API, whole or paged (see @shared/api/paging): the same items in the same
 * order (pointOrderKey) either way.
 *
 * - A search with a word of 3 characters or more reads the points the search index proposes for
 *   that word (point-search-index: one Query of a small bucket), sorts them in list order, reads
 *   them by key a page at a time and keeps those that match the whole search (every word) and the
 *   caller's filters: its cost follows the points that word finds, not the customer's size. A word
 *   found in more than 2,000 points is not read there: the next word is tried, then the list order.
 * - The points of a few locations (a building, 'alone'), without search, are read the same way from
 *   their place terms.
 * - Otherwise a page reads GSI1 in list order: its own items and one more, or, filtered (a search of
 *   short words, a large selection, a member's rights), in batches until the page is full.
 * - The whole list (no `limit`, no `cursor`) reads GSI1 in list order too, 1 MB a call: the same
 *   items in the same order as its pages, from a partition of the points' entries alone (the
 *   customer's own partition holds its locations, technical-id claims and other items beside
 *   them: in the emulator, which sorts a partition on every Query, 17.6 s against 7.9 s at 20,000
 *   points). It reads within the request's budget (unpaged-list-budget): past it, 413
 *   `list_too_large`, page it.
 */
export interface PointList<T> {
  items: T[];
  /** Set on a page request only: the next page's cursor, null on the last page. */
  page: { nextCursor: string | null } | null;
}

type Keep = (point: Point) => boolean;

/** Points a filtered page reads first (~150 KB): a frequent match fills its page there; a rarer one reads on, 1 MB a call. */
const FILTERED_FIRST_BATCH = 200;
/** A selection of at most this many locations is read from their place terms; a larger one in list order. */
const MAX_PLACES_READ = 30;
/** Points read by key at once after the first page's. */
const BY_KEY_BATCH = 100;
/** A whole list's Query asks for as many as 1 MB holds (~1,200 points): DynamoDB answers up to 1 MB. */
const WHOLE_LIST_BATCH = 2_000;

const allOf = (...filters: (Keep | null)[]): Keep | null => {
  const kept = filters.filter((filter): filter is Keep => filter !== null);
  return kept.length ? (point) => kept.every((filter) => filter(point)) : null;
};

/** What a list searches: the words of `q`, and whether its points' location names answer them too. */
interface Search {
  words: string[];
  /** Names of locations by id when the list matches them (null: name and technical id only). */
  names: ((ids: readonly string[]) => Promise<ReadonlyMap<string, string>>) | null;
}

/** The words a search may read the index by, the rarest-looking first (digits first, then the longest); none when every word is short. */
export const indexWordsOf = (words: readonly string[]): string[] =>
  [...new Set(words)]
    .filter((word) => word.length >= MIN_INDEXED_WORD)
    .sort((a, b) => Number(/\d/.test(b)) - Number(/\d/.test(a)) || b.length - a.length);

/**
 * A word the index answers for more points than this is read in list order instead (a page of it
 * fills at once there); the next word of the search is tried first. ~200 KB of term entries.
 */
const MAX_PROPOSED = 2_000;
/** Words of one search tried against the index. */
const MAX_WORDS_TRIED = 3;

const matcherOf = async (search: Search | null, points: readonly Point[]): Promise<Keep | null> => {
  if (!search || search.words.length === 0) return null;
  const names = search.names ? await search.names(points.flatMap((point) => point.location)) : new Map<string, string>();
  return (point) =>
    matchesSearch(search.words, [point.name, point.technical_id, ...(search.names ? point.location.map((id) => names.get(id) ?? id) : [])]);
};

/** A page (or the whole) of the points the index proposed, in list order, read by key and checked. */
const readProposed = async (customerId: string, proposed: IndexedPoint[], query: ListQuery, keep: Keep | null, search: Search | null): Promise<PointList<Point>> => {
  const paged = isPageRequest(query);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const limit = paged ? pageLimitOf(query) : Number.POSITIVE_INFINITY;
  const byOrder = new Map(proposed.map((entry) => [entry.order, entry]));
  const ordered = [...byOrder.values()]
    .filter((entry) => after === null || compareOrderKeys(entry.order, after) > 0)
    .sort((a, b) => compareOrderKeys(a.order, b.order));
  const items: { point: Point; order: string }[] = [];
  let batch = paged ? Math.min(limit + 1, BY_KEY_BATCH) : BY_KEY_BATCH;
  for (let offset = 0; offset < ordered.length && items.length <= limit; offset += batch, batch = BY_KEY_BATCH) {
    const chunk = ordered.slice(offset, offset + batch);
    const points = await getPoints(customerId, chunk.map((entry) => entry.point));
    // A term left behind (a rename, a move) proposes a point at a place it no longer has: only its current place counts.
    const current = chunk.flatMap((entry) => {
      const point = points.get(entry.point);
      return point && pointOrderKey(point) === entry.order && (!keep || keep(point)) ? [{ point, order: entry.order }] : [];
    });
    const matches = await matcherOf(search, current.map(({ point }) => point));
    items.push(...(matches ? current.filter(({ point }) => matches(point)) : current));
  }
  if (!paged) {
    const count = unpagedListMeter();
    items.forEach(({ point }) => count(point));
    return { items: items.map(({ point }) => point), page: null };
  }
  const page = items.slice(0, limit);
  return { items: page.map(({ point }) => point), page: { nextCursor: items.length > limit ? encodeCursor(page.at(-1)!.order) : null } };
};

/** Points of the whole list order (GSI1), filtered, as a page or whole. */
const readInOrder = async (customerId: string, query: ListQuery, keep: Keep | null): Promise<PointList<Point>> => {
  if (!isPageRequest(query)) {
    const count = unpagedListMeter();
    const points: Point[] = [];
    for await (const { order: _order, ...point } of pointsInOrderAfter(customerId, null, WHOLE_LIST_BATCH)) {
      if (keep && !keep(point)) continue;
      count(point);
      points.push(point);
    }
    return { items: points, page: null };
  }
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const limit = pageLimitOf(query);
  const items: Point[] = [];
  let last: string | null = null;
  for await (const { order, ...point } of pointsInOrderAfter(customerId, after, keep ? Math.max(FILTERED_FIRST_BATCH, limit + 1) : limit + 1)) {
    if (keep && !keep(point)) continue;
    if (items.length === limit) return { items, page: { nextCursor: encodeCursor(last ?? order) } };
    items.push(point);
    last = order;
  }
  return { items, page: { nextCursor: null } };
};

/**
 * The points of a list: by the search index when the search has a word to read it by, by the
 * place terms of a small selection (`places`), else in list order.
 */
const readPoints = async (
  customerId: string,
  query: ListQuery,
  keep: Keep | null,
  search: Search | null,
  places: readonly string[] | null = null,
): Promise<PointList<Point>> => {
  const list = await readStoredPoints(customerId, query, keep, search, places);
  // Every list answers the last data dates source fetches recorded since the points' own (issue 41).
  return { ...list, items: await withLatestDates(customerId, list.items) };
};

const readStoredPoints = async (
  customerId: string,
  query: ListQuery,
  keep: Keep | null,
  search: Search | null,
  places: readonly string[] | null,
): Promise<PointList<Point>> => {
  for (const word of search ? indexWordsOf(search.words).slice(0, MAX_WORDS_TRIED) : []) {
    const proposed = await pointsWithTerm(customerId, word, MAX_PROPOSED);
    if (proposed) return readProposed(customerId, proposed, query, keep, search);
  }
  if (places !== null && places.length <= MAX_PLACES_READ) {
    const proposed = (await Promise.all(places.map((place) => pointsWithTerm(customerId, place)))).flatMap((entries) => entries ?? []);
    return readProposed(customerId, proposed, query, keep, search);
  }
  if (!search || search.words.length === 0) return readInOrder(customerId, query, keep);
  // Short or frequent words only: the points are read in order (a frequent match fills its page in the first batch).
  const names = search.names ? await search.names([]) : new Map<string, string>();
  const matches: Keep = (point) =>
    matchesSearch(search.words, [point.name, point.technical_id, ...(search.names ? point.location.map((id) => names.get(id) ?? id) : [])]);
  return readInOrder(customerId, query, allOf(keep, matches));
};

/** Reads a customer's locations once, when a filter needs them. */
const lazyLocations = (customerId: string) => {
  let reading: Promise<Location[]> | null = null;
  return () => (reading ??= listLocationsOfCustomer(customerId));
};

const searchOf = (query: ListQuery, names: Search['names'] = null): Search | null => (query.q ? { words: searchWordsOf(query.q), names } : null);

/** GET /v1/points: the points the caller sees. */
export const listPointsPage = async (caller: Caller, query: ListQuery): Promise<PointList<Point>> => {
  const customerId = customerOf(caller);
  const visible = await pointVisibilityOf(caller, lazyLocations(customerId));
  return readPoints(customerId, query, visible, searchOf(query));
};

/** The location ids a selection holds (a location and, with them, its sub-locations), or null for `all`; 404 for a location the customer lacks. */
const placesOf = async (customerId: string, selection: string, withDescendants: boolean, locations: () => Promise<Location[]>): Promise<string[] | null> => {
  if (selection === 'all') return null;
  if (selection === 'alone') return [NO_LOCATION_TERM];
  if (!withDescendants) {
    if (!(await getLocation(customerId, selection))) throw new AppError('not_found');
    return [placeTerm(selection)];
  }
  const all = await locations();
  if (!all.some((location) => location._id === selection)) throw new AppError('not_found');
  const ids = descendantsOf(all, selection);
  return [...ids].map(placeTerm);
};

/** GET /v2/points/get-all/{locationId}: the points of a selection (`all`, `alone`, a location and its sub-locations) the caller sees. */
export const listPointsOfSelectionPage = async (caller: Caller, selection: string, query: ListQuery): Promise<PointList<Point>> => {
  const customerId = customerOf(caller);
  const locations = lazyLocations(customerId);
  const [visible, selected, places] = await Promise.all([
    pointVisibilityOf(caller, locations),
    selection === 'all' || selection === 'alone' ? selectionFilterOf([], selection, true) : locations().then((all) => selectionFilterOf(all, selection, true)),
    placesOf(customerId, selection, true, locations),
  ]);
  return readPoints(customerId, query, allOf(visible, selected), searchOf(query), places);
};

/**
 * The points of one location (not its sub-locations) or without location (`alone`) that the
 * caller sees, in list order, read from their place terms (manual entry's list).
 */
export const listPointsOfPlace = async (caller: Caller, selection: string): Promise<Point[]> => {
  const customerId = customerOf(caller);
  const locations = lazyLocations(customerId);
  const [visible, places] = await Promise.all([pointVisibilityOf(caller, locations), placesOf(customerId, selection, false, locations)]);
  const inPlace: Keep = selection === 'alone' ? (point) => point.location.length === 0 : (point) => point.location.includes(selection);
  return (await readPoints(customerId, { q: undefined }, allOf(visible, inPlace), null, places)).items;
};

/** GET /v1/points/get-all-with-locations-name: the points the caller sees with their locations' names, `q` matching those names too. */
export const listPointsWithLocationNamesPage = async (caller: Caller, query: ListQuery) => {
  const customerId = customerOf(caller);
  const locations = lazyLocations(customerId);
  const visible = await pointVisibilityOf(caller, locations);
  // The names of the locations answered: all of them for a whole list, by key for a page.
  const namesOf = async (ids: readonly string[]): Promise<ReadonlyMap<string, string>> =>
    isPageRequest(query) && ids.length > 0
      ? locationNamesOf(customerId, ids)
      : new Map((await locations()).map((location) => [location._id, locationNameOf(location)]));
  const list = await readPoints(customerId, query, visible, searchOf(query, namesOf));
  const names = await namesOf(list.items.flatMap((point) => point.location));
  return { ...list, items: list.items.map((point) => ({ ...point, locations_name: point.location.map((id) => names.get(id) ?? id) })) };
};
