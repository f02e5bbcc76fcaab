import { foldText, isPageRequest, pageLimitOf, type ListQuery } from '@shared/api/paging';
import type { Location } from '@shared/schemas/location';
import type { Point } from '@shared/schemas/point';
import { listLocationsOfCustomer } from '../data/location-repository';
import { listPointsOfCustomer, pointsInOrderAfter } from '../data/point-repository';
import { customerOf, type Caller } from './caller';
import { decodeCursor, encodeCursor } from './page-cursor';
import { pointVisibilityOf, selectionFilterOf } from './point-service';

/**
 * The point lists of the API, whole or paged (see @shared/api/paging): the same items in the same
 * order (pointOrderKey) either way. A page without search reads its own items and one more from
 * GSI1; a search or a selection reads the index in batches until the page is full, so a frequent
 * match costs a call or two and a rare one up to the whole customer (20,000 points: ~15 MB, ~15 calls).
 */
export interface PointList<T> {
  items: T[];
  /** Set on a page request only: the next page's cursor, null on the last page. */
  page: { nextCursor: string | null } | null;
}

type Keep = (point: Point) => boolean;

/** Points a filtered page reads first (~150 KB): a frequent match fills its page there; a rarer one reads on, 1 MB a call. */
const FILTERED_FIRST_BATCH = 200;

const allOf = (...filters: (Keep | null)[]): Keep | null => {
  const kept = filters.filter((filter): filter is Keep => filter !== null);
  return kept.length ? (point) => kept.every((filter) => filter(point)) : null;
};

/** `q` matched, accents and case ignored, on a point's name and technical id, and on the texts `more` gives. */
const searchOf = (q: string | undefined, more: (point: Point) => readonly string[] = () => []): Keep | null => {
  if (!q) return null;
  const needle = foldText(q);
  return (point) => [point.name, point.technical_id, ...more(point)].some((text) => foldText(text).includes(needle));
};

const readPoints = async (customerId: string, query: ListQuery, keep: Keep | null): Promise<PointList<Point>> => {
  if (!isPageRequest(query)) {
    const points = await listPointsOfCustomer(customerId);
    return { items: keep ? points.filter(keep) : points, page: null };
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

/** Reads a customer's locations once, when a filter needs them. */
const lazyLocations = (customerId: string) => {
  let reading: Promise<Location[]> | null = null;
  return () => (reading ??= listLocationsOfCustomer(customerId));
};

/** GET /v1/points: the points the caller sees. */
export const listPointsPage = async (caller: Caller, query: ListQuery): Promise<PointList<Point>> => {
  const customerId = customerOf(caller);
  const visible = await pointVisibilityOf(caller, lazyLocations(customerId));
  return readPoints(customerId, query, allOf(visible, searchOf(query.q)));
};

/** GET /v2/points/get-all/{locationId}: the points of a selection (`all`, `alone`, a location and its sub-locations) the caller sees. */
export const listPointsOfSelectionPage = async (caller: Caller, selection: string, query: ListQuery): Promise<PointList<Point>> => {
  const customerId = customerOf(caller);
  const locations = lazyLocations(customerId);
  const [visible, selected] = await Promise.all([
    pointVisibilityOf(caller, locations),
    selection === 'all' || selection === 'alone' ? selectionFilterOf([], selection, true) : locations().then((all) => selectionFilterOf(all, selection, true)),
  ]);
  return readPoints(customerId, query, allOf(visible, selected, searchOf(query.q)));
};

/** GET /v1/points/get-all-with-locations-name: the points the caller sees with their locations' names, `q` matching those names too. */
export const listPointsWithLocationNamesPage = async (caller: Caller, query: ListQuery) => {
  const customerId = customerOf(caller);
  const locations = lazyLocations(customerId);
  const [visible, all] = await Promise.all([pointVisibilityOf(caller, locations), locations()]);
  const names = new Map(all.map((location) => [location._id, location.denomination || location.name]));
  const namesOf = (point: Point) => point.location.map((id) => names.get(id) ?? id);
  const list = await readPoints(customerId, query, allOf(visible, searchOf(query.q, namesOf)));
  return { ...list, items: list.items.map((point) => ({ ...point, locations_name: namesOf(point) })) };
};
