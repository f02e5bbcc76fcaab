import type { Sampling } from '../series/sampling';

/**
 * Steps between named buckets that read as calendar steps (every day, 2 days, week, fortnight,
 * four weeks; every month, quarter, half-year, year…), by sampling, in buckets.
 */
const CALENDAR_STEPS: Record<Sampling, readonly number[]> = {
  minute: [1, 5, 10, 15, 30, 60, 120, 360, 720, 1440],
  hour: [1, 2, 3, 6, 12, 24, 48, 168, 336],
  day: [1, 2, 7, 14, 28, 91, 182, 364],
  week: [1, 2, 4, 13, 26, 52],
  month: [1, 2, 3, 6, 12, 24],
  year: [1, 2, 5, 10, 20, 50],
};

/** Never more named buckets than this on a time axis, however wide. */
export const MAX_AXIS_TICKS = 8;

/**
 * The 1-based positions named on a time axis of `count` buckets: as many labels as fit side by
 * side on `axisPx` (each `labelPx` wide, gap included), at most `MAX_AXIS_TICKS` and at least two,
 * spaced by the smallest calendar step of the sampling that keeps them within that number.
 */
export const axisTickPositions = (count: number, sampling: Sampling, axisPx: number, labelPx: number): number[] => {
  const fitting = Math.max(2, Math.min(MAX_AXIS_TICKS, Math.floor(axisPx / Math.max(1, labelPx))));
  const needed = Math.max(1, Math.ceil(count / fitting));
  const step = CALENDAR_STEPS[sampling].find((candidate) => candidate >= needed) ?? needed;
  return Array.from({ length: count }, (_, index) => index + 1).filter((position) => (position - 1) % step === 0);
};
