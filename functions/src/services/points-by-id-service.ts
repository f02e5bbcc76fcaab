import type { Location } from '@shared/schemas/location';
import type { Point } from '@shared/schemas/point';
import { getLocations, listLocationsOfCustomer } from '../data/location-repository';
import { getPoints } from '../data/point-repository';
import { customerOf, type Caller } from './caller';
import { pointVisibilityOf } from './point-service';

/**
 * POST /v1/points/by-ids: the points a screen names by id (a saved widget's, an alert's, an
 * export's), with their locations' names, in the order asked. It reads those points and their
 * locations only, so it costs the same at 20,000 points as at 20. Ids that name no point of the
 * caller's customer, or a point out of the caller's locations, are absent: an id tells nothing
 * of another customer.
 */
export const getPointsByIds = async (caller: Caller, ids: readonly string[]) => {
  const customerId = customerOf(caller);
  let allLocations: Promise<Location[]> | null = null;
  const everyLocation = () => (allLocations ??= listLocationsOfCustomer(customerId));
  const [found, visible] = await Promise.all([getPoints(customerId, ids), pointVisibilityOf(caller, everyLocation)]);
  const points = [...new Set(ids)].map((id) => found.get(id)).filter((point): point is Point => point !== undefined && (visible === null || visible(point)));
  const locationIds = [...new Set(points.flatMap((point) => point.location))];
  // A member's visibility has read every location already; otherwise only those the points name are read.
  const locations = allLocations ? await everyLocation() : locationIds.length ? await getLocations(customerId, locationIds) : [];
  const names = new Map(locations.map((location) => [location._id, location.denomination || location.name]));
  return points.map((point) => ({ ...point, locations_name: point.location.map((id) => names.get(id) ?? id) }));
};
