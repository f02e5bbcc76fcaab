import { queryOptions } from '@tanstack/react-query';
import type { DataEntry } from '@shared/schemas/series';
import { API } from '@shared/api/routes';
import { callApi, callApiForAnswer } from '../../../lib/http';

/** 'Points without location' in the location choice (spec 2 §2). */
export const WITHOUT_LOCATION = 'alone';

const POINTS_KEY = ['manual-entry', 'points'] as const;

/** The points of one location (not its sub-locations) or those without location, with their last value; no calculated point. */
export const manualEntryPointsQueryOptions = (location: string) =>
  queryOptions({
    queryKey: [...POINTS_KEY, location],
    queryFn: () => callApi(API.listPointsForManualEntry, { params: { locationId: location } }),
  });

/** Every location's list, whose last values a sent entry changes. */
export const manualEntryPointsKey = POINTS_KEY;

export const sendEntries = (entries: DataEntry[]) => callApiForAnswer(API.ingestData, { body: { data: entries } });
