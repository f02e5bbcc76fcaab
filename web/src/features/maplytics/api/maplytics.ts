import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import type { MaplyticsSettings } from '@shared/maplytics/levels';
import type { MaplyticsPeriod } from '@shared/maplytics/period-values';
import { callApi } from '../../../lib/http';

export const MAPLYTICS_KEYS = {
  markers: ['maplytics', 'markers'] as const,
  points: (locationId: string, period: MaplyticsPeriodChoice) => ['maplytics', 'points', locationId, period.periodType, period.period] as const,
  allPoints: ['maplytics', 'points'] as const,
};

/** The panel's period: sliding (the last day, week, month or year) or the calendar one in progress. */
export interface MaplyticsPeriodChoice {
  periodType: 'slidingPeriod' | 'fixedPeriod';
  period: MaplyticsPeriod;
}

export const DEFAULT_PERIOD: MaplyticsPeriodChoice = { periodType: 'slidingPeriod', period: 'month' };

export const markersQueryOptions = () => queryOptions({ queryKey: MAPLYTICS_KEYS.markers, queryFn: () => callApi(API.getMaplytics, {}) });

export const sitePointsQueryOptions = (locationId: string, period: MaplyticsPeriodChoice) =>
  queryOptions({
    queryKey: MAPLYTICS_KEYS.points(locationId, period),
    queryFn: () => callApi(API.listMaplyticsPoints, { params: { locationId }, query: { period_type: period.periodType, period: period.period } }),
  });

export const saveLocationSettings = (locationId: string, settings: MaplyticsSettings) =>
  callApi(API.updateLocationMaplyticsSettings, { params: { locationId }, body: { maplytics_custom_settings: settings } });

export const savePointSettings = (pointId: string, settings: MaplyticsSettings) =>
  callApi(API.updatePointMaplyticsSettings, { params: { pointId }, body: { maplytics_custom_settings: settings } });
