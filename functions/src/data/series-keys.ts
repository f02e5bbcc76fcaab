import type { RollupLevel } from '@shared/series/buckets';

/**
 * The series of one point of one customer. Every series key carries both, so two customers'
 * points can never share an item even if their ids were equal.
 */
export interface SeriesRef {
  customerId: string;
  pointId: string;
}

/** The series of a stored point. */
export const seriesOfPoint = (point: { customer: string; _id: string }): SeriesRef => ({ customerId: point.customer, pointId: point._id });

/** Ids never hold `#` (see idSchema), so it separates the parts of a key. */
const owner = ({ customerId, pointId }: SeriesRef): string => `${customerId}#${pointId}`;

/**
 * Key formats of the series table. Raw values: one partition per point and UTC month, sorted by
 * time, one item per value. Rollups: one partition per point and level, one item (a pack) per
 * stretch of time — hours of a UTC month, days and months of a UTC year — so a query reads one
 * item per stretch and no partition grows with the length of the history faster than a dozen
 * items a year. Times in raw sort keys are zero-padded epoch milliseconds so that string order
 * is time order; pack sort keys are yyyyMM or yyyy.
 */
const pad = (instant: number): string => String(instant).padStart(13, '0');

const utcMonth = (instant: number): string => new Date(instant).toISOString().slice(0, 7).replace('-', '');

const packOf = (level: RollupLevel, instant: number): string =>
  level === 'hour' ? utcMonth(instant) : String(new Date(instant).getUTCFullYear());

/** The UTC months (yyyyMM) holding instants in [from, to). */
const monthsBetween = (from: number, to: number): string[] => {
  const months: string[] = [];
  const cursor = new Date(Date.UTC(new Date(from).getUTCFullYear(), new Date(from).getUTCMonth(), 1));
  while (cursor.getTime() < to) {
    months.push(utcMonth(cursor.getTime()));
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return months;
};

/** The pack sort key just before one: the previous UTC month (yyyyMM) or year (yyyy). */
const packBefore = (pack: string): string => {
  if (pack.length === 4) return String(Number(pack) - 1);
  const [year, month] = [Number(pack.slice(0, 4)), Number(pack.slice(4))];
  return month === 1 ? `${year - 1}12` : `${year}${String(month - 1).padStart(2, '0')}`;
};

export const seriesKeys = {
  raw: (series: SeriesRef, at: number) => ({ PK: `S#${owner(series)}#${utcMonth(at)}`, SK: pad(at) }),
  rawPartition: (series: SeriesRef, month: string) => `S#${owner(series)}#${month}`,
  /**
   * The UTC months (sort keys yyyyMM) in which a point has raw values were written: one marker
   * item each, so purges, merges and conversions find every raw partition without rollups.
   */
  rawMonths: (series: SeriesRef) => `M#${owner(series)}`,
  rawMonth: (series: SeriesRef, month: string) => ({ PK: `M#${owner(series)}`, SK: month }),
  /** The partition of a point's rollups of one level. */
  rollupPartition: (series: SeriesRef, level: RollupLevel) => `R#${owner(series)}#${level}`,
  /** The key of the pack holding the bucket starting at an instant. */
  rollupPack: (series: SeriesRef, level: RollupLevel, start: number) => ({ PK: `R#${owner(series)}#${level}`, SK: packOf(level, start) }),
  /** The sort key of the pack holding an instant. */
  packOf,
  /** The sort keys of the packs holding buckets that start in [from, to), oldest first. */
  packsBetween: (level: RollupLevel, from: number, to: number): string[] => {
    if (level === 'hour') return monthsBetween(from, to);
    const years: string[] = [];
    for (let year = new Date(from).getUTCFullYear(); year <= new Date(to - 1).getUTCFullYear(); year += 1) years.push(String(year));
    return years;
  },
  packBefore,
  /**
   * A point's extent marker for one level: `firstPack`, the sort key of its earliest pack or one
   * before it (set before a pack is created, never raised), so a reader knows when nothing can
   * precede a range without querying for it.
   */
  extent: (series: SeriesRef, level: RollupLevel) => ({ PK: `E#${owner(series)}`, SK: level }),
  sortKey: pad,
  /** The UTC months (yyyyMM) whose raw partitions hold instants in [from, to). */
  monthsBetween,
  /** The series of a raw partition key (`S#<customer>#<point>#<yyyyMM>`). */
  seriesOfRaw: (PK: string): SeriesRef => {
    const [, customerId, pointId] = PK.split('#');
    return { customerId, pointId };
  },
  utcMonth,
};
