import type { MarkerColor } from './constants';

/**
 * The band of a location's absolute energy rating (spec 2 §4): below 25 green, 25 to under 50
 * yellow, 50 to under 75 orange, 75 and above red; no rating blue.
 */
export const markerColorOf = (rating: number | null | undefined): Exclude<MarkerColor, 'violet'> => {
  if (rating === null || rating === undefined || !Number.isFinite(rating)) return 'blue';
  if (rating < 25) return 'green';
  if (rating < 50) return 'yellow';
  if (rating < 75) return 'orange';
  return 'red';
};

/**
 * The colour a marker shows at a moment: a marker with alerts alternates between its band and
 * violet, one phase per blink period (spec 2 §4: every 500 ms).
 */
export const blinkingColorOf = (rating: number | null | undefined, alertsFound: number, phase: number): MarkerColor =>
  alertsFound > 0 && phase % 2 === 1 ? 'violet' : markerColorOf(rating);
