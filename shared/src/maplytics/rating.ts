import { DateTime } from 'luxon';
import { isCalculatedPoint, type Point } from '../schemas/point';
import { canConvert } from '../series/unit-conversion';

/**
 * The absolute energy rating of a location (spec 2 §3 "Map marker"): the energy its own metered
 * points consumed over the last 12 complete calendar months of its time zone, in kWh, divided by
 * its surface in m² — kWh per m² per year, the unit of energy performance certificates.
 *
 * Counted: points attached to the location itself (not those of its sub-locations, which have
 * markers of their own), of an energy resource (electricity, thermal, gas), metered as an index
 * (its consumption) or a counter (its sum), in a unit that converts to kWh, not calculated (a
 * calculated point is derived from meters already counted) and not left out of maplytics.
 * No surface, no such point, or no value in the window: no rating (a blue marker).
 */

export const RATED_RESOURCES = ['electricity', 'thermal', 'gaz'] as const;
export const RATING_UNIT = 'kWh';
export const RATING_MONTHS = 12;

export const isRatedPoint = (point: Pick<Point, 'resource' | 'series_type' | 'unit' | 'calculation' | 'hide_on_maplytics'>): boolean =>
  (RATED_RESOURCES as readonly string[]).includes(point.resource) &&
  (point.series_type === 'index' || point.series_type === 'counter') &&
  canConvert(point.unit, RATING_UNIT) &&
  !isCalculatedPoint(point) &&
  !point.hide_on_maplytics;

/** The last 12 complete calendar months before `now`, in a zone: [from, to). */
export const ratingWindow = (now: number, zone: string): { from: number; to: number } => {
  const to = DateTime.fromMillis(now, { zone }).startOf('month');
  return { from: to.minus({ months: RATING_MONTHS }).toMillis(), to: to.toMillis() };
};

/** kWh per m², one decimal; null without a surface or without any value. */
export const energyRating = (monthlyKwh: readonly (number | null)[], surface: number | null | undefined): number | null => {
  const known = monthlyKwh.filter((value): value is number => value !== null && Number.isFinite(value));
  if (!surface || surface <= 0 || known.length === 0) return null;
  const total = known.reduce((sum, value) => sum + value, 0);
  return Math.round((total / surface) * 10) / 10;
};
