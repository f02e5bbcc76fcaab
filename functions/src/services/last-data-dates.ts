import type { Point } from '@shared/schemas/point';
import { latestFetchedDates } from '../data/fetched-dates-repository';

/**
 * A point's last data date as every reader answers it (issue 41; docs/architecture/series.md, "Last
 * data dates of fetched points"): the later of the point's own date (imports, manual entry and
 * single writes advance it at once; a source's fetches once a UTC day) and the latest date its
 * sources' fetches recorded (`C#<customer>#FETCHDATES` / `<source>`).
 */
export const laterDate = (own: string | null, fetched: number | undefined): string | null => {
  if (fetched === undefined || (own !== null && Date.parse(own) >= fetched)) return own;
  return new Date(fetched).toISOString();
};

const DAY_MS = 86_400_000;

/**
 * Whether a fetch's latest value of a point advances the point's own item: the first time a
 * point gets values, and once a day after — when the latest value lies in a later UTC day than
 * the date known (the later of the item's and the fetched dates, as `withLatestDates` gives it).
 * Every other fetch records its dates in its source's item only, which every reader reads too.
 */
export const advancesPointItem = (known: string | null, latest: number): boolean =>
  known === null || Math.floor(latest / DAY_MS) > Math.floor(Date.parse(known) / DAY_MS);

/** The points with their last data dates as readers answer them (one Query of the customer's few fetched-dates items; none for no point). */
export const withLatestDates = async <P extends Pick<Point, '_id' | 'last_data_date'>>(
  customerId: string,
  points: readonly P[],
  options: { consistent?: boolean } = {},
): Promise<P[]> => {
  if (points.length === 0) return [...points];
  const fetched = await latestFetchedDates(customerId, options);
  if (fetched.size === 0) return [...points];
  return points.map((point) => {
    const date = laterDate(point.last_data_date, fetched.get(point._id));
    return date === point.last_data_date ? point : { ...point, last_data_date: date };
  });
};
