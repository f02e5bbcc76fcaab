import { customerOf, type Caller } from './caller';
import { withLatestDates } from './last-data-dates';
import { visiblePointsByIds } from './point-service';

/**
 * POST /v1/points/by-ids: the points a screen names by id (a saved widget's, an alert's, an
 * export's), with their locations' names, in the order asked. It reads those points and their
 * locations only, so it costs the same at 20,000 points as at 20. Ids that name no point of the
 * caller's customer, or a point out of the caller's locations, are absent: an id tells nothing
 * of another customer.
 */
export const getPointsByIds = async (caller: Caller, ids: readonly string[]) => {
  const { points: stored, locations } = await visiblePointsByIds(caller, ids);
  const points = await withLatestDates(customerOf(caller), stored);
  const names = new Map(locations.map((location) => [location._id, location.denomination || location.name]));
  return points.map((point) => ({ ...point, locations_name: point.location.map((id) => names.get(id) ?? id) }));
};
