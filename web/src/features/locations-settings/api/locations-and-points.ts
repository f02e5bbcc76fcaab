import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LocationInput } from '@shared/schemas/location-input';
import type { Point, PointInput } from '@shared/schemas/point';
import { API } from '@shared/api/routes';
import { MAX_PAGE_LIMIT, type Page } from '@shared/api/paging';
import { MAX_BULK_POINTS, MAX_POSITIONED_POINTS } from '@shared/schemas/point-requests';
import { callApi, callApiForAnswer, callApiForPage } from '../../../lib/http';
import { SETTINGS_KEYS as KEYS, type Selection } from './locations-and-points-queries';

export {
  ALL_LOCATIONS,
  WITHOUT_LOCATION,
  type Selection,
  SETTINGS_KEYS,
  locationTreeQueryOptions,
  pointDefinitionsQueryOptions,
  POINTS_PAGE_SIZE,
  pointPagesOfSelectionQueryOptions,
} from './locations-and-points-queries';

export type { LocationDeletion, PointDefinitions } from '@shared/api/responses';

/** The addresses like a text, as the server's geocoding provider finds them (with coordinates and viewport). */
export const addressSearchQueryOptions = (text: string) =>
  queryOptions({ queryKey: KEYS.addresses(text), queryFn: () => callApi(API.geocodeAddress, { query: { q: text } }), staleTime: 10 * 60_000, retry: false });

/** The point open in its panel, read again by its id (null once deleted or merged away): never the whole list. */
export const openPointQueryOptions = (id: string) =>
  queryOptions({
    queryKey: KEYS.openPoint(id),
    queryFn: async ({ signal }): Promise<Point | null> => {
      const [found] = await callApi(API.getPointsByIds, { body: { ids: [id] }, signal });
      if (!found) return null;
      const { locations_name: _names, ...point } = found;
      return point;
    },
  });

/**
 * Every point of a selection whose name or technical id holds a text, read page after page of the
 * largest size (what 'select all' acts on); `onRead` hears how many are read so far.
 */
export const readEveryPointOfSelection = async (selection: Selection, search: string, onRead: (count: number) => void, signal?: AbortSignal): Promise<Point[]> => {
  const points: Point[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<Point> = await callApiForPage(API.listPointsOfSelection, {
      params: { locationId: selection },
      query: { ...(search ? { q: search } : {}), limit: String(MAX_PAGE_LIMIT), ...(cursor ? { cursor } : {}) },
      signal,
    });
    points.push(...page.data);
    cursor = page.next_cursor;
    onRead(points.length);
  } while (cursor);
  return points;
};

export const saveLocation = (location: LocationInput) =>
  location._id
    ? callApiForAnswer(API.updateLocation, { body: location })
    : callApiForAnswer(API.createLocation, { body: location });

/** Re-parents a location, placed last among its new siblings. */
export const moveLocation = (ids: string[], parentId: string | null) =>
  callApi(API.positionLocations, { body: { locations: ids, parent_id: parentId } });

export const deleteLocation = (id: string) => callApi(API.deleteLocation, { params: { id } });

export const savePoint = (point: PointInput) =>
  point._id ? callApiForAnswer(API.updatePoint, { body: point }) : callApiForAnswer(API.createPoint, { body: point });

export const checkTechnicalId = async (technicalId: string, pointId?: string): Promise<boolean> => {
  const answer = await callApi(API.checkTechnicalId, { body: { point: { technical_id: technicalId, ...(pointId ? { _id: pointId } : {}) } } });
  return answer.unique;
};

/** Moves points, as many position calls as their number needs. */
export const movePoints = async (points: string[], locationId: string | null, currentLocation: string | null) => {
  for (let offset = 0; offset < points.length; offset += MAX_POSITIONED_POINTS) {
    await callApi(API.positionPoints, { body: { points: points.slice(offset, offset + MAX_POSITIONED_POINTS), location_id: locationId, current_location: currentLocation } });
  }
};

export const mergePoints = (points: string[], mergeTo: string) =>
  callApi(API.mergePoints, { body: { points, merge_to: mergeTo } });

export const deletePoint = (id: string) => callApi(API.deletePoint, { params: { id } });

/** Calls `send` on each slice of at most MAX_BULK_POINTS ids in turn, saying how many were sent so far. */
const inBulkCalls = async <T>(ids: readonly string[], send: (slice: string[]) => Promise<T>, onProgress: (done: number) => void): Promise<T[]> => {
  const answers: T[] = [];
  for (let offset = 0; offset < ids.length; offset += MAX_BULK_POINTS) {
    onProgress(offset);
    answers.push(await send(ids.slice(offset, offset + MAX_BULK_POINTS)));
  }
  onProgress(ids.length);
  return answers;
};

/** Hides points on the map (or shows them), a call per MAX_BULK_POINTS points. */
export const setPointsHiddenOnMap = async (ids: readonly string[], hidden: boolean, onProgress: (done: number) => void) => {
  await inBulkCalls(ids, (points) => callApi(API.setPointsHiddenOnMap, { body: { points, hide_on_maplytics: hidden } }), onProgress);
};

/** Deletes points, a call per MAX_BULK_POINTS points: the ids deleted, and those kept because other points' calculations use them. */
export const deletePoints = async (ids: readonly string[], onProgress: (done: number) => void) => {
  const answers = await inBulkCalls(ids, (points) => callApi(API.deletePoints, { body: { points } }), onProgress);
  return { deleted: answers.flatMap((answer) => answer.deleted), usedBy: answers.flatMap((answer) => answer.used_by) };
};

/** The value a baseline or target is compared with: one calculation over one whole period. */
export const aggregateForIpmvp = (request: z.input<typeof API.aggregateIpmvp.body>) => callApi(API.aggregateIpmvp, { body: request });

/** Deletes a point's values between two bare dates (inclusive) or `none`. */
export const deleteValues = (pointId: string, from: string, to: string) =>
  callApi(API.deleteData, { params: { pointId, from, to } });
