import { queryOptions } from '@tanstack/react-query';
import type { Point } from '@shared/schemas/point';
import type { DataEntry } from '@shared/schemas/series';
import { apiGet, apiPostForAnswer } from '../../../lib/http';

/** 'Points without location' in the location choice (spec 2 §2). */
export const WITHOUT_LOCATION = 'alone';

/** The points of one location (not its sub-locations), or those without location. */
export const manualEntryPointsQueryOptions = (location: string) =>
  queryOptions({
    queryKey: ['manual-entry', 'points', location],
    queryFn: () =>
      apiGet<Point[]>(location === WITHOUT_LOCATION ? '/v1/locations/points/alone' : `/v1/locations/points/${encodeURIComponent(location)}`),
  });

export const sendEntries = (entries: DataEntry[]) => apiPostForAnswer<unknown>('/v1/data', { data: entries });
