import { isCalculatedPoint, type Point } from '@shared/schemas/point';
import { MOST_FETCHED_DATES, recordFetchedDates } from '../data/fetched-dates-repository';
import type { StoredValue } from '../data/raw-value-repository';
import { launchDependentCalculations } from './calculation-service';
import { noteFetchedValues, type FetchedPoint } from './fetched-points';
import { storeFetchedValuesInBulk } from './series-write-service';

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
 * Writes values through the bulk path, their rollups deferred to once an hour
 * (`storeFetchedValuesInBulk`; newData at once), the points' latest dates in the source's item
 * (`C#<customer>#FETCHDATES` / `<source>`: the points' own items once a UTC day), and relaunches the calculated points that
 * read them, found in `points` (the customer's, as `pointsForFetch` gave them: not read again).
 */
export const storeFetchedValues = async (customerId: string, sourceId: string, values: StoredValue[], points: readonly FetchedPoint[]): Promise<FetchOutcome> => {
  if (values.length === 0) return { written: 0, unchanged: 0, files: 0 };
  // The points' latest dates in the source's one item, their own items once a UTC day (issue 41); a source of very many points advances its points' items.
  const fed = new Set(values.map((value) => value.pointId)).size;
  const recordDates = fed <= MOST_FETCHED_DATES ? (latest: ReadonlyMap<string, number>) => recordFetchedDates(customerId, sourceId, latest) : undefined;
  const outcome = await storeFetchedValuesInBulk(customerId, values, new Map(points.map((point) => [point._id, point])), { recordDates });
  noteFetchedValues(customerId, values);
  const touched = values.filter((value) => outcome.changedPoints.has(value.pointId));
  if (touched.length > 0) await launchDependentCalculations(customerId, touched.map((value) => ({ pointId: value.pointId, at: value.at })), points);
  return { written: outcome.written, unchanged: outcome.unchanged, files: 0 };
};
