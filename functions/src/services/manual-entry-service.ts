import type { PointWithLastValue } from '@shared/api/responses';
import { isCalculatedPoint, type Point } from '@shared/schemas/point';
import { latestRawBefore } from '../data/raw-value-repository';
import { seriesOfPoint } from '../data/series-keys';
import { listPointsOfPlace } from './point-list-service';
import { type Caller } from './caller';

const lastValueOf = async (point: Point): Promise<PointWithLastValue['last_value']> => {
  if (!point.last_data_date) return null;
  const latest = await latestRawBefore(seriesOfPoint(point), Date.parse(point.last_data_date) + 1);
  return latest ? { date: new Date(latest.at).toISOString(), value: latest.value } : null;
};

/**
 * The points a person may type values for (spec 2 §7, GET /v1/points/data/{locationId}): those of
 * one location (not its sub-locations) or without location, that the caller may see, with their
 * last value. Calculated points are left out: their values are computed, a typed one would be lost.
 */
export const listPointsForManualEntry = async (caller: Caller, locationId: string): Promise<PointWithLastValue[]> => {
  // Read from the location's place terms: a building's 22 points, not the customer's 20,000.
  const points = (await listPointsOfPlace(caller, locationId)).filter((point) => !isCalculatedPoint(point));
  return Promise.all(points.map(async (point) => ({ ...point, last_value: await lastValueOf(point) })));
};
