import type { Location } from '@shared/schemas/location';
import type { LocationInput } from '@shared/schemas/location-input';
import { buildLocationTree } from '@shared/permissions/location-visibility';
import { isSuperUser } from '@shared/permissions/roles';
import { openableLocationIds, visibleLocationTree } from '@shared/permissions/location-visibility';
import { getUser } from '../data/user-repository';
import { deleteLocation, getLocation, listLocationsOfCustomer, placeLocations, putLocation, updateLocationFields } from '../data/location-repository';
import { getPoint, listPointsOfCustomer, reindexPointsOfLocation, setPointLocations } from '../data/point-repository';
import { locationNameOf } from '../data/point-search-index';
import { AppError } from '../errors';
import { newId } from './new-id';
import { customerOf, type Caller } from './caller';

const requireLocation = async (customerId: string, locationId: string): Promise<Location> => {
  const location = await getLocation(customerId, locationId);
  if (!location) throw new AppError('not_found');
  return location;
};

/**
 * The locations whose pages the caller may open: their customer's, not hidden (hidden locations
 * are never visible, nor what lies under them), and for members those their location permission
 * allows. Every location of the customer comes along, for what needs the whole tree.
 */
export const listOpenableLocations = async (caller: Caller): Promise<{ openable: Location[]; all: Location[] }> => {
  const customerId = customerOf(caller);
  const locations = await listLocationsOfCustomer(customerId);
  const allowed = isSuperUser(caller) || caller.role === 'administrator' ? 'view' : ((await getUser(caller.homeCustomerId, caller.userId))?.allowed_locations ?? []);
  const ids = openableLocationIds(locations, allowed);
  return { openable: locations.filter((location) => ids.has(location._id)), all: locations };
};

/** A location whose page the caller may open (see `listOpenableLocations`); any other answers 404. */
export const requireVisibleLocation = async (caller: Caller, locationId: string): Promise<Location> => {
  const location = (await listOpenableLocations(caller)).openable.find((candidate) => candidate._id === locationId);
  if (!location) throw new AppError('not_found');
  return location;
};

/** A parent must be a location of the same customer; a point id there is the spec's own error. */
const assertParent = async (customerId: string, parentId: string | null, movingId?: string): Promise<void> => {
  if (parentId === null) return;
  if (await getPoint(customerId, parentId)) throw new AppError('point_child_of_point');
  const all = await listLocationsOfCustomer(customerId);
  const byId = new Map(all.map((location) => [location._id, location]));
  if (!byId.has(parentId)) throw new AppError('not_found');
  // Walking up from the new parent must never meet the moved location.
  for (let cursor: string | null = parentId; cursor; cursor = byId.get(cursor)?.parent ?? null) {
    if (cursor === movingId) throw new AppError('location_cycle');
  }
};

/**
 * The locations tree as the caller may see it: administrators and super users get every
 * location (hidden ones flagged) for the settings screen; members get their visible tree.
 */
export const listLocationTree = async (caller: Caller) => {
  const customerId = customerOf(caller);
  const locations = await listLocationsOfCustomer(customerId);
  const tree = buildLocationTree(locations);
  if (isSuperUser(caller) || caller.role === 'administrator') return tree;
  const user = await getUser(caller.homeCustomerId, caller.userId);
  return visibleLocationTree(tree, user?.allowed_locations ?? []);
};

export const createLocation = async (caller: Caller, input: LocationInput): Promise<Location> => {
  const customerId = customerOf(caller);
  await assertParent(customerId, input.parent);
  const siblings = (await listLocationsOfCustomer(customerId)).filter((location) => location.parent === input.parent);
  // A client's `_id` on create is ignored: ids are the server's.
  const location: Location = { ...input, _id: newId('location'), customer: customerId, position: siblings.length, maplytics_custom_settings: { levels: null } };
  await putLocation(location);
  return location;
};

export const updateLocation = async (caller: Caller, input: LocationInput): Promise<Location> => {
  const customerId = customerOf(caller);
  if (!input._id) throw new AppError('validation_failed', { details: '_id is required' });
  const existing = await requireLocation(customerId, input._id);
  if (input.parent !== existing.parent) await assertParent(customerId, input.parent, existing._id);
  const location: Location = { ...existing, ...input, _id: existing._id, customer: customerId };
  await updateLocationFields(location);
  // Its points are found by its name: their search terms follow it.
  if (locationNameOf(location) !== locationNameOf(existing)) await reindexPointsOfLocation(customerId, location._id, locationNameOf(existing));
  return location;
};

/** Moves locations under a parent, in the given order (v2), or each to its own parent and position (v1). */
export const positionLocations = async (
  caller: Caller,
  moves: readonly { _id: string; parent: string | null; position: number }[],
): Promise<Location[]> => {
  const customerId = customerOf(caller);
  const moved: Location[] = [];
  for (const move of moves) {
    const existing = await requireLocation(customerId, move._id);
    if (move.parent !== existing.parent) await assertParent(customerId, move.parent, existing._id);
    moved.push({ ...existing, parent: move.parent, position: move.position });
  }
  await placeLocations(customerId, moved);
  return moved;
};

/**
 * Deletes a location. Its children move up to its parent (keeping their order after the
 * parent's other children) and its points lose it from their locations — those left with none
 * appear under "points without location". Children and points are saved before the location is
 * removed, so a failure half-way leaves nothing orphaned.
 */
export const removeLocation = async (caller: Caller, locationId: string) => {
  const customerId = customerOf(caller);
  const location = await requireLocation(customerId, locationId);
  const all = await listLocationsOfCustomer(customerId);
  const siblingsAfter = all.filter((other) => other.parent === location.parent && other._id !== location._id).length;
  const children = all
    .filter((other) => other.parent === location._id)
    .map((child, index) => ({ ...child, parent: location.parent, position: siblingsAfter + index }));
  const detached = (await listPointsOfCustomer(customerId)).filter((point) => point.location.includes(locationId));
  const points = detached.map((point) => ({ ...point, location: point.location.filter((id) => id !== locationId) }));
  await placeLocations(customerId, children);
  // `before` is each point's list as read, in its order: the write is conditional on it.
  await setPointLocations(
    customerId,
    detached.map((point) => ({ pointId: point._id, before: point.location, after: point.location.filter((id) => id !== locationId) })),
    new Date().toISOString(),
  );
  await deleteLocation(customerId, locationId);
  return {
    deleted: locationId,
    moved_children: children.map((child) => child._id),
    detached_points: points.map((point) => point._id),
    points_without_location: points.filter((point) => point.location.length === 0).map((point) => point._id),
  };
};
