import type { SeriesAnswer } from '../schemas/series';

export interface PieShare {
  point: string;
  name: string;
  unit: string;
  /** The sum of the point's values over the period. */
  total: number;
  /** Its part of all points' totals, 0 to 1; a negative total takes no part. */
  share: number;
}

/** Each point's part of the pie: the sum of its values over the period against the sum of all. */
export const pieShares = (frame: SeriesAnswer): PieShare[] => {
  const totals = frame.series.map((series) => series.values.reduce<number>((sum, value) => sum + (value ?? 0), 0));
  const whole = totals.reduce((sum, total) => sum + Math.max(0, total), 0);
  return frame.series.map((series, index) => ({
    point: series.point,
    name: series.name,
    unit: series.unit,
    total: totals[index],
    share: whole > 0 ? Math.max(0, totals[index]) / whole : 0,
  }));
};
