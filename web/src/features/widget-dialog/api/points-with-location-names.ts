import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import { callApi, type ResponseOf } from '../../../lib/http';

export type PointWithLocationNames = ResponseOf<typeof API.listPointsWithLocationNames>[number];

const POINTS_STALE_MS = 60_000;

export const fetchPointsWithLocationNames = (): Promise<PointWithLocationNames[]> => callApi(API.listPointsWithLocationNames, {});

/** Every point the user may see, with the names of its locations, to pick from in the widget dialog. */
export const pointsWithLocationNamesQueryOptions = () =>
  queryOptions({ queryKey: ['widget-dialog', 'points-with-location-names'] as const, queryFn: fetchPointsWithLocationNames, staleTime: POINTS_STALE_MS });

export const usePointsWithLocationNames = () => useQuery(pointsWithLocationNamesQueryOptions());
