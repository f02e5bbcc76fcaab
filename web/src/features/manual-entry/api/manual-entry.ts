import { queryOptions } from '@tanstack/react-query';
import type { Point } from '@shared/schemas/point';
import type { DataEntry } from '@shared/schemas/series';
import { API } from '@shared/api/routes';
import { callApi, callApiForAnswer } from '../../../lib/http';

/** 'Points without location' in the location choice (spec 2 §2). */
export const WITHOUT_LOCATION = 'alone';

/** The points of one location (not its sub-locations), or those without location. */
export const manualEntryPointsQueryOptions = (location: string) =>
  queryOptions({
    queryKey: ['manual-entry', 'points', location],
    queryFn: () =>
      location === WITHOUT_LOCATION
        ? callApi(API.listPointsWithoutLocation, {})
        : callApi(API.listPointsOfLocation, { params: { locationId: location } }),
  });

export const sendEntries = (entries: DataEntry[]) => callApiForAnswer(API.ingestData, { body: { data: entries } });
