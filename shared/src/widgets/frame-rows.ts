import type { SeriesAnswer } from '../schemas/series';

export interface FrameRow {
  /** The bucket's local ISO start, as its calendar gives it. */
  date: string;
  /** One value per series of the frame, in its order; null where a series has no bucket or no value. */
  values: (number | null)[];
}

/**
 * A frame as rows of buckets × series. Series of one zone share a calendar; series of other zones
 * have their own dates, so rows are the union of every calendar's dates in time order.
 */
export const frameRows = (frame: SeriesAnswer): FrameRow[] => {
  const byDate = new Map<string, (number | null)[]>();
  frame.series.forEach((series, column) => {
    const { dates } = frame.calendars[series.calendar];
    series.values.forEach((value, position) => {
      const date = dates[position];
      const row = byDate.get(date) ?? frame.series.map(() => null);
      row[column] = value;
      byDate.set(date, row);
    });
  });
  return [...byDate.entries()]
    .map(([date, values]) => ({ date, values }))
    .sort((left, right) => Date.parse(left.date) - Date.parse(right.date));
};

/** Whether a frame has any value to show. */
export const frameHasValues = (frame: SeriesAnswer | null): boolean =>
  frame !== null && frame.series.some((series) => series.values.some((value) => value !== null));
