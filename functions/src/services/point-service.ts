import { isPointVisible, openableLocationIds } from '@shared/permissions/location-visibility';
import { isSuperUser } from '@shared/permissions/roles';
import type { Location } from '@shared/schemas/location';
import type { Point, PointInput } from '@shared/schemas/point';
import { APPLICATIONS, isCalculatedPoint, OPERATING_RANGE_OPERATORS, PERIODICITIES, RESOURCES, UNIT_CATEGORIES } from '@shared/schemas/point';
import { CALCULATIONS, DEFAULT_CALCULATION, SERIES_TYPES } from '@shared/series/calculations';
import { checkFormula } from '@shared/series/formula';
import { checkBaselinesAndTargets } from '@shared/series/ipmvp';
import { nextReplacementLetter } from '@shared/series/replacement-letters';
import { UNIT_DECIMALS } from '@shared/series/rounding';
import { canConvert } from '@shared/series/unit-conversion';
import { existingLocationIds, getLocations, listLocationsOfCustomer } from '../data/location-repository';
import { deletePoint, getPoint, getPoints, isTechnicalIdTaken, listPointFactsOfCustomer, savePoint, setPointLocations } from '../data/point-repository';
import { getUser } from '../data/user-repository';
import { calculationStep, isApplyRangeValid } from '@shared/series/calculation-settings';
import { getSource, listSourcesOfCustomer } from '../data/source-repository';
import { forEachConcurrently } from '../concurrency';
import { AppError } from '../errors';
import { customerOf, type Caller } from './caller';
import { launchJob } from './job-launcher';
import { newId } from './new-id';
import { withLatestDates } from './last-data-dates';

export const pointDefinitions = async (caller: Caller) => ({
  sources: caller.customerId
    ? (await listSourcesOfCustomer(caller.customerId))
        .map((source) => ({ _id: source._id, name: source.name, type: source.type }))
        .sort((a, b) => a.name.localeCompare(b.name))
    : [],
  resources: RESOURCES,
  applications: APPLICATIONS,
  series_types: SERIES_TYPES,
  unit_categories: UNIT_CATEGORIES,
  units: Object.keys(UNIT_DECIMALS),
  periodicities: PERIODICITIES,
  calculations: CALCULATIONS,
  default_calculations: DEFAULT_CALCULATION,
  operating_range_operators: OPERATING_RANGE_OPERATORS,
});

export const requirePoint = async (customerId: string, pointId: string): Promise<Point> => {
  const point = await getPoint(customerId, pointId);
  if (!point) throw new AppError('not_found');
  return point;
};

/** Which points a caller may see: null (all) for administrators and super users, else those of allowed locations. */
export const pointVisibilityOf = async (caller: Caller, locationsOf: () => Promise<readonly Location[]>): Promise<((point: Point) => boolean) | null> => {
  if (isSuperUser(caller) || caller.role === 'administrator') return null;
  const [user, locations] = await Promise.all([getUser(caller.homeCustomerId, caller.userId), locationsOf()]);
  const allowed = user?.allowed_locations ?? [];
  const openable = openableLocationIds(locations, allowed);
  return (point) => isPointVisible(point.location, openable, allowed);
};

/** Some points of a customer and the locations they (and `alsoLocations`) name: what a read of a few points needs, whatever the customer's size. */
export interface PointsWithLocations {
  /** The points found among the ids asked and seen by the caller, in the order asked. */
  points: Point[];
  /** At least the locations those points are in and those asked beside them (a member's check has read every location: then all). */
  locations: Location[];
}

/**
 * The points among `ids` the caller may see, with their locations (names, zones, surfaces): those points and
 * locations are read by key, so a widget's, an alert's or an ingest's read costs the same at 20,000 points as at 20.
 * Ids of no point of the caller's customer, or of a point out of the caller's locations, are left out.
 */
export const visiblePointsByIds = async (caller: Caller, ids: Iterable<string>, alsoLocations: Iterable<string> = []): Promise<PointsWithLocations> => {
  const customerId = customerOf(caller);
  let everyLocation: Promise<Location[]> | null = null;
  const allLocations = () => (everyLocation ??= listLocationsOfCustomer(customerId));
  const asked = [...new Set(ids)];
  const [found, visible] = await Promise.all([asked.length ? getPoints(customerId, asked) : new Map<string, Point>(), pointVisibilityOf(caller, allLocations)]);
  const points = asked.map((id) => found.get(id)).filter((point): point is Point => point !== undefined && (visible === null || visible(point)));
  if (everyLocation) return { points, locations: await allLocations() };
  const locationIds = [...new Set([...points.flatMap((point) => point.location), ...alsoLocations])];
  return { points, locations: locationIds.length ? await getLocations(customerId, locationIds) : [] };
};

/** A location and every location under it, by id. */
export const descendantsOf = (locations: readonly { _id: string; parent: string | null }[], rootId: string): Set<string> => {
  const ids = new Set([rootId]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const location of locations) {
      if (location.parent && ids.has(location.parent) && !ids.has(location._id)) {
        ids.add(location._id);
        grown = true;
      }
    }
  }
  return ids;
};

/** Which points a selection holds: `all`, `alone` (points without location), or a location and its sub-locations (404 for a location the customer lacks). */
export const selectionFilterOf = (locations: readonly Location[], selection: string, withDescendants: boolean): ((point: Point) => boolean) | null => {
  if (selection === 'all') return null;
  if (selection === 'alone') return (point) => point.location.length === 0;
  if (!locations.some((location) => location._id === selection)) throw new AppError('not_found');
  const ids = withDescendants ? descendantsOf(locations, selection) : new Set([selection]);
  return (point) => point.location.some((id) => ids.has(id));
};

/** The rules of spec 3 §5 "Point save", then the references a point makes. */
const validatePoint = async (customerId: string, input: PointInput, pointId: string): Promise<PointInput> => {
  if (
    input.allow_operating_range &&
    input.operating_range_operator === 'between' &&
    input.operating_range_low !== null &&
    input.operating_range_high !== null &&
    input.operating_range_low > input.operating_range_high
  ) {
    throw new AppError('operating_range_invalid');
  }
  const ipmvp = checkBaselinesAndTargets(input.baselines, input.targets, input.series_type);
  if (!ipmvp.ok) throw new AppError(ipmvp.problem === 'baseline_calculation' ? 'validation_failed' : ipmvp.problem);
  input = { ...input, baselines: ipmvp.baselines, targets: ipmvp.targets };
  // Only what the point names is read (its locations, its source, its formula's points): a save
  // costs the same at 20,000 points as at 20.
  const [locationIds, pointsAmongLocations] = await Promise.all([
    existingLocationIds(customerId, input.location),
    getPoints(customerId, input.location),
  ]);
  for (const id of input.location) {
    if (pointsAmongLocations.has(id)) throw new AppError('point_child_of_point');
    if (!locationIds.has(id)) throw new AppError('not_found', { details: `location ${id}` });
  }
  if (input.source && !(await getSource(customerId, input.source))) throw new AppError('not_found', { details: `source ${input.source}` });
  if (!input.calculation) return input;

  const sourceIds = input.calculation.points_list.map((entry) => entry.point_id);
  if (await dependsOn(customerId, sourceIds, pointId)) {
    throw new AppError('invalid_formula', { data: { formula_error: 'circular_reference' } });
  }
  const pointIds = new Set((await getPoints(customerId, sourceIds)).keys());
  const letters: string[] = [];
  const pointsList = input.calculation.points_list.map((entry) => {
    if (!pointIds.has(entry.point_id) || entry.point_id === pointId) throw new AppError('invalid_formula', { data: { formula_error: 'unknown_point' } });
    const letter = entry.replacement_letter || nextReplacementLetter(letters);
    letters.push(letter);
    return { ...entry, replacement_letter: letter };
  });
  if (input.calculation.force_periodicity_reference && input.calculation.periodicity_reference_forced === null) {
    throw new AppError('validation_failed', { details: 'periodicity_reference_forced' });
  }
  if (!isApplyRangeValid(input.calculation)) throw new AppError('apply_range_invalid');
  const check = checkFormula(input.calculation.formula, { letters, periodicity: calculationStep(input.calculation, input.periodicity) });
  if (!check.valid) {
    throw new AppError('invalid_formula', { data: { formula_error: check.error, detail: check.detail ?? null } });
  }
  return { ...input, calculation: { ...input.calculation, points_list: pointsList, is_formula_valid: true, formula_error: null } };
};

/**
 * Whether any of the sources reads `pointId`, directly or through other calculated points: the
 * formulas are followed one level at a time, reading only the points they name.
 */
const dependsOn = async (customerId: string, sourceIds: readonly string[], pointId: string): Promise<boolean> => {
  const seen = new Set<string>();
  let level = [...new Set(sourceIds)];
  while (level.length > 0) {
    if (level.includes(pointId)) return true;
    level.forEach((id) => seen.add(id));
    const points = await getPoints(customerId, level);
    level = [
      ...new Set([...points.values()].flatMap((point) => point.calculation?.points_list.map((entry) => entry.point_id) ?? [])),
    ].filter((id) => !seen.has(id));
  }
  return false;
};

export interface SavedPoint {
  point: Point;
  msg: 'calculation_launched' | 'conversion_launched' | 'point_saved';
}

const calculationChanged = (before: Point | null, after: Point): boolean =>
  isCalculatedPoint(after) && JSON.stringify(before?.calculation ?? null) !== JSON.stringify(after.calculation);

export const createPoint = async (caller: Caller, input: PointInput): Promise<SavedPoint> => {
  const customerId = customerOf(caller);
  // A client's `_id` on create is ignored: ids are the server's, so none can name another customer's point.
  const pointId = newId('point');
  const valid = await validatePoint(customerId, input, pointId);
  const now = new Date().toISOString();
  const point: Point = { ...valid, _id: pointId, customer: customerId, last_data_date: null, created_at: now, updated_at: now, maplytics_custom_settings: { levels: null } };
  await savePoint(point, null, 'create');
  return finishSave(caller, null, point);
};

export const updatePoint = async (caller: Caller, input: PointInput): Promise<SavedPoint> => {
  const customerId = customerOf(caller);
  if (!input._id) throw new AppError('validation_failed', { details: '_id is required' });
  const existing = await requirePoint(customerId, input._id);
  const valid = await validatePoint(customerId, input, existing._id);
  const point: Point = { ...existing, ...valid, _id: existing._id, customer: customerId, updated_at: new Date().toISOString() };
  await savePoint(point, existing.technical_id, 'update', existing);
  // Answered with the date readers answer (a save never writes it): the later of its own and its fetches' (issue 41).
  const [answered] = await withLatestDates(customerId, [point]);
  return finishSave(caller, existing, answered);
};

/**
 * A unit changed to another of the same family (Wh → kWh, °C → °F …) on a point holding data:
 * its stored values are converted by a job, so the history keeps meaning the same quantities.
 */
const unitConverted = (before: Point | null, after: Point): boolean =>
  before !== null &&
  before.unit !== after.unit &&
  before.last_data_date !== null &&
  !isCalculatedPoint(after) &&
  canConvert(before.unit, after.unit);

const finishSave = async (caller: Caller, before: Point | null, point: Point): Promise<SavedPoint> => {
  if (unitConverted(before, point)) {
    await launchJob({ kind: 'convert', customerId: point.customer, pointId: point._id, fromUnit: before!.unit, toUnit: point.unit, requestedBy: caller.userId });
    return { point, msg: 'conversion_launched' };
  }
  if (!calculationChanged(before, point)) return { point, msg: 'point_saved' };
  await launchJob({ kind: 'calculate', customerId: point.customer, pointId: point._id, requestedBy: caller.userId });
  return { point, msg: 'calculation_launched' };
};

export const technicalIdIsUnique = async (caller: Caller, technicalId: string, pointId?: string) =>
  !(await isTechnicalIdTaken(customerOf(caller), technicalId, pointId));

/**
 * Moves points from one location (or none) to another; a point id as target is the spec's error.
 * With neither a target nor a current location, the points are detached from every location.
 */
export const positionPoints = async (
  caller: Caller,
  pointIds: readonly string[],
  target: string | null,
  current: string | null,
): Promise<Point[]> => {
  const customerId = customerOf(caller);
  const targets = target ? [target] : [];
  const [byId, targetLocations] = await Promise.all([getPoints(customerId, [...pointIds, ...targets]), existingLocationIds(customerId, targets)]);
  if (target && byId.has(target)) throw new AppError('point_child_of_point');
  if (target && !targetLocations.has(target)) throw new AppError('not_found');
  const now = new Date().toISOString();
  const moved = pointIds.map((id) => {
    const point = byId.get(id);
    if (!point) throw new AppError('not_found');
    // No target and no current location: the points leave every location.
    const kept = target === null && current === null ? [] : point.location.filter((locationId) => locationId !== current && locationId !== target);
    return { ...point, location: target ? [...kept, target] : kept, updated_at: now };
  });
  await setPointLocations(customerId, moved.map((point) => ({ pointId: point._id, before: byId.get(point._id)!.location, after: point.location })), now);
  return withLatestDates(customerId, moved);
};

/** Merging copies every source's values into the target, then removes the sources: minutes of work, done by a job. */
export const mergePoints = async (caller: Caller, sourceIds: readonly string[], targetId: string) => {
  const customerId = customerOf(caller);
  if (sourceIds.includes(targetId)) throw new AppError('validation_failed', { details: 'merge_to is among the points' });
  await requirePoint(customerId, targetId);
  for (const id of sourceIds) await requirePoint(customerId, id);
  const job = await launchJob({ kind: 'merge', customerId, pointId: targetId, sourceIds: [...sourceIds], requestedBy: caller.userId });
  return { job };
};

/** The points among `all` whose calculation uses `pointId`, leaving out those in `leaving` (deleted with it). */
const calculatedUsersOf = <T extends Pick<Point, '_id' | 'name' | 'calculation'>>(all: readonly T[], pointId: string, leaving: ReadonlySet<string> = new Set()) =>
  all
    .filter((other) => !leaving.has(other._id) && other.calculation?.points_list.some((entry) => entry.point_id === pointId))
    .map((other) => ({ _id: other._id, name: other.name }));

export const removePoint = async (caller: Caller, pointId: string) => {
  const customerId = customerOf(caller);
  const point = await requirePoint(customerId, pointId);
  const dependents = calculatedUsersOf(await listPointFactsOfCustomer(customerId), pointId);
  if (dependents.length > 0) throw new AppError('conflict', { data: { used_by: dependents } });
  await deletePoint(point);
  await launchJob({ kind: 'purge', customerId, pointId, requestedBy: caller.userId });
  return { deleted: pointId };
};

/** How many points a bulk call changes at once: its transactions and job launches overlap, within the function's time. */
const BULK_CONCURRENCY = 8;

/** The points of a bulk call, every one of the caller's customer, or `not_found` before anything is written. */
const requirePoints = async (customerId: string, pointIds: readonly string[]): Promise<Point[]> => {
  const byId = await getPoints(customerId, pointIds);
  return pointIds.map((id) => {
    const point = byId.get(id);
    if (!point) throw new AppError('not_found');
    return point;
  });
};

/**
 * Many points deleted as `removePoint` deletes one, reading the customer's calculations once: a point a calculated
 * point outside the call uses is kept and named with its users (the others are deleted); points using each other
 * are deleted together.
 */
export const removePoints = async (caller: Caller, pointIds: readonly string[]) => {
  const customerId = customerOf(caller);
  const [points, facts] = await Promise.all([requirePoints(customerId, pointIds), listPointFactsOfCustomer(customerId)]);
  const leaving = new Set(pointIds);
  const usedBy = points.map((point) => ({ _id: point._id, name: point.name, used_by: calculatedUsersOf(facts, point._id, leaving) })).filter((entry) => entry.used_by.length > 0);
  const kept = new Set(usedBy.map((entry) => entry._id));
  const deletable = points.filter((point) => !kept.has(point._id));
  await forEachConcurrently(deletable, BULK_CONCURRENCY, async (point) => {
    await deletePoint(point);
    await launchJob({ kind: 'purge', customerId, pointId: point._id, requestedBy: caller.userId });
  });
  return { deleted: deletable.map((point) => point._id), used_by: usedBy };
};

/** The hidden-on-map flag set on many points, each saved as a point is (its search terms and order kept); those that have it already are not written. */
export const setPointsHiddenOnMap = async (caller: Caller, pointIds: readonly string[], hidden: boolean) => {
  const customerId = customerOf(caller);
  const changing = (await requirePoints(customerId, pointIds)).filter((point) => point.hide_on_maplytics !== hidden);
  const now = new Date().toISOString();
  await forEachConcurrently(changing, BULK_CONCURRENCY, (point) =>
    savePoint({ ...point, hide_on_maplytics: hidden, updated_at: now }, point.technical_id, 'update', point),
  );
  return { changed: changing.length };
};
