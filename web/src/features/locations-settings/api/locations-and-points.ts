import { queryOptions } from '@tanstack/react-query';
import type { LocationTreeNode } from '@shared/schemas/location';
import type { LocationInput } from '@shared/schemas/location-input';
import type { Point, PointInput } from '@shared/schemas/point';
import { apiDelete, apiGet, apiPost, apiPostForAnswer, apiPut, apiPutForAnswer } from '../../../lib/http';

/** The two special selections of the screen (spec 3 §2), or a location id. */
export const ALL_LOCATIONS = 'all';
export const WITHOUT_LOCATION = 'alone';
export type Selection = string;

export interface PointDefinitions {
  resources: string[];
  applications: string[];
  series_types: string[];
  unit_categories: string[];
  units: string[];
  periodicities: number[];
  calculations: string[];
  default_calculations: Record<string, string>;
  operating_range_operators: string[];
}

export interface LocationDeletion {
  deleted: string;
  moved_children: string[];
  detached_points: string[];
  points_without_location: string[];
}

const KEYS = {
  tree: ['settings', 'locations', 'tree'] as const,
  definitions: ['settings', 'points', 'definitions'] as const,
  points: (selection: Selection) => ['settings', 'points', selection] as const,
  allPoints: ['settings', 'points'] as const,
};
export const SETTINGS_KEYS = KEYS;

/** Every location of the customer (hidden ones flagged) for administrators. */
export const locationTreeQueryOptions = () =>
  queryOptions({ queryKey: KEYS.tree, queryFn: () => apiGet<LocationTreeNode[]>('/v2/locations') });

export const pointDefinitionsQueryOptions = () =>
  queryOptions({
    queryKey: KEYS.definitions,
    queryFn: () => apiGet<PointDefinitions>('/v1/points/definitions'),
    staleTime: Infinity,
  });

/** Points of a selection: the location and its sub-locations, every point, or the points without location. */
export const pointsOfSelectionQueryOptions = (selection: Selection) =>
  queryOptions({
    queryKey: KEYS.points(selection),
    queryFn: () =>
      selection === WITHOUT_LOCATION
        ? apiGet<Point[]>('/v1/locations/points/alone')
        : apiGet<Point[]>(`/v2/points/get-all/${encodeURIComponent(selection)}`),
  });

export const saveLocation = (location: LocationInput) =>
  location._id
    ? apiPutForAnswer<LocationTreeNode>('/v2/locations', location)
    : apiPostForAnswer<LocationTreeNode>('/v2/locations', location);

/** Re-parents a location, placed last among its new siblings. */
export const moveLocation = (ids: string[], parentId: string | null) =>
  apiPut<unknown>('/v2/locations/position', { locations: ids, parent_id: parentId });

export const deleteLocation = (id: string) => apiDelete<LocationDeletion>(`/v1/locations/${encodeURIComponent(id)}`);

export const savePoint = (point: PointInput) =>
  point._id ? apiPutForAnswer<Point>('/v1/points', point) : apiPostForAnswer<Point>('/v1/points', point);

export const checkTechnicalId = async (technicalId: string, pointId?: string): Promise<boolean> => {
  const answer = await apiPost<{ unique: boolean }>('/v1/points/check-unique-technical-id', {
    point: { technical_id: technicalId, ...(pointId ? { _id: pointId } : {}) },
  });
  return answer.unique;
};

export const movePoints = (points: string[], locationId: string | null, currentLocation: string | null) =>
  apiPut<Point[]>('/v1/points/position', { points, location_id: locationId, current_location: currentLocation });

export const mergePoints = (points: string[], mergeTo: string) =>
  apiPut<{ job: unknown }>('/v1/points/merge', { points, merge_to: mergeTo });

export const deletePoint = (id: string) => apiDelete<{ deleted: string }>(`/v1/points/${encodeURIComponent(id)}`);

/** The value a baseline or target is compared with: one calculation over one whole period. */
export const aggregateForIpmvp = (request: { sampling: string; point: string; calculation: string; offset: number }) =>
  apiPost<{ value: number; unit: string }>('/v1/data/aggregate/IPMVP', request);

/** Deletes a point's values between two bare dates (inclusive) or `none`. */
export const deleteValues = (pointId: string, from: string, to: string) =>
  apiDelete<{ deleted: number }>(`/v2/data/${encodeURIComponent(pointId)}/${encodeURIComponent(from)}/${encodeURIComponent(to)}`);
