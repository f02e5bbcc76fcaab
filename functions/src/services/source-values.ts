import { isCalculatedPoint, type Point } from '@shared/schemas/point';
import type { StoredValue } from '../data/raw-value-repository';
import { launchDependentCalculations } from './calculation-service';
import { noteFetchedValues, type FetchedPoint } from './fetched-points';
import { storeValuesInBulk } from './series-write-service';

/** What one fetch did: values written and found unchanged (provider and weather sources), files handed to the import (e-mail). */
export interface FetchOutcome {
  written: number;
  unchanged: number;
  files: number;
}

/** The customer's active, stored (not calculated) points a source feeds. */
export const pointsFedBy = <P extends Pick<Point, 'source' | 'active' | 'calculation'>>(points: readonly P[], sourceId: string): P[] =>
  points.filter((point) => point.source === sourceId && point.active && !isCalculatedPoint(point));

/**
 * Writes values through the bulk path (rollups, newData) and relaunches the calculated points that
 * read them, found in `points` (the customer's, as `pointsForFetch` gave them: not read again).
 */
export const storeFetchedValues = async (customerId: string, values: StoredValue[], points: readonly FetchedPoint[]): Promise<FetchOutcome> => {
  if (values.length === 0) return { written: 0, unchanged: 0, files: 0 };
  const outcome = await storeValuesInBulk(customerId, values, new Map(points.map((point) => [point._id, point])));
  noteFetchedValues(customerId, values);
  const touched = values.filter((value) => outcome.changedPoints.has(value.pointId));
  if (touched.length > 0) await launchDependentCalculations(customerId, touched.map((value) => ({ pointId: value.pointId, at: value.at })), points);
  return { written: outcome.written, unchanged: outcome.unchanged, files: 0 };
};
