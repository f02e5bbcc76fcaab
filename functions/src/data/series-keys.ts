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
 * Key formats of the series table. Raw values: one partition per point and UTC month, one item
 * per UTC hour (`h` + the hour's start, zero-padded epoch ms; see raw-hour.ts); the legacy layout
 * had one item per value, its sort key the value's zero-padded time (digits: before every `h`). Rollups: one partition per point and level, one item (a pack) per
 * stretch of time sized for the reads — hours of a UTC day (yyyyMMdd), days of a UTC month
 * (yyyyMM), months of a UTC year (yyyy) — so a write rewrites a small item (a 15-minute fetch
 * rewrites ~2 KB of hours, not a month's 54 KB) and a read over a range reads the few packs it
 * covers. Times in raw sort keys are zero-padded epoch milliseconds so that string order is time
 * order; pack sort keys sort in time order within a level.
 *
 * Legacy layout (before the small packs): hours of a UTC month (yyyyMM) and days of a UTC year
 * (yyyy), in the same partitions; month packs are unchanged. A legacy sort key is shorter than the
 * current one of its level (`isLegacyPack`), and its stretch holds whole current stretches
 * (`legacyPackOf`), so both can be told apart and merged while a migration runs
 * (see rollup-pack-migration.ts).
 */
const pad = (instant: number): string => String(instant).padStart(13, '0');

/** An hour item's sort key: `h` and the start of the UTC hour holding the instant, zero-padded. */
const rawHourSortKey = (instant: number): string => `h${pad(Math.floor(instant / 3_600_000) * 3_600_000)}`;

const DAY_MS = 86_400_000;
/**
 * The UTC day of the last instant asked, and its yyyyMMdd: an import asks for the month of every
 * value it writes, in time order, and formatting a Date each time was a few percent of its CPU.
 */
let lastDay = Number.NaN;
let lastDayText = '';

const utcDay = (instant: number): string => {
  const day = Math.floor(instant / DAY_MS);
  if (day !== lastDay) {
    // An instant that is not a date throws here, as before (NaN never equals the day kept).
    lastDayText = new Date(instant).toISOString().slice(0, 10).replaceAll('-', '');
    lastDay = day;
  }
  return lastDayText;
};

const utcMonth = (instant: number): string => utcDay(instant).slice(0, 6);

const utcYear = (instant: number): string => String(new Date(instant).getUTCFullYear());

/** The length of a pack sort key of each level (yyyyMMdd, yyyyMM, yyyy). */
const PACK_KEY_LENGTH: Record<RollupLevel, number> = { hour: 8, day: 6, month: 4 };

const packOf = (level: RollupLevel, instant: number): string => (level === 'hour' ? utcDay(instant) : level === 'day' ? utcMonth(instant) : utcYear(instant));

/** The instant a pack's stretch starts at, from its sort key (any length: yyyy, yyyyMM, yyyyMMdd). */
const packStart = (pack: string): number =>
  Date.UTC(Number(pack.slice(0, 4)), pack.length >= 6 ? Number(pack.slice(4, 6)) - 1 : 0, pack.length >= 8 ? Number(pack.slice(6, 8)) : 1);

/** The instant the stretch after a pack's starts at. */
const packEnd = (pack: string): number => {
  const start = new Date(packStart(pack));
  if (pack.length >= 8) start.setUTCDate(start.getUTCDate() + 1);
  else if (pack.length >= 6) start.setUTCMonth(start.getUTCMonth() + 1);
  else start.setUTCFullYear(start.getUTCFullYear() + 1);
  return start.getTime();
};

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

/** The sort keys of a level's packs holding buckets that start in [from, to), oldest first. */
const packsBetween = (level: RollupLevel, from: number, to: number): string[] => {
  const packs: string[] = [];
  for (let pack = packOf(level, from); packStart(pack) < to; pack = packOf(level, packEnd(pack))) packs.push(pack);
  return packs;
};

/** The pack sort key just before one: the previous UTC day (yyyyMMdd), month (yyyyMM) or year (yyyy). */
const packBefore = (pack: string): string => {
  const before = packStart(pack) - 1;
  return pack.length >= 8 ? utcDay(before) : pack.length >= 6 ? utcMonth(before) : utcYear(before);
};

/** Whether a rollup pack's sort key is of the legacy layout (hours of a UTC month, days of a UTC year). */
const isLegacyPack = (level: RollupLevel, SK: string): boolean => SK.length < PACK_KEY_LENGTH[level];

/** The legacy pack holding the bucket starting at an instant (hour: yyyyMM, day: yyyy), null for months (unchanged). */
const legacyPackOf = (level: RollupLevel, instant: number): string | null =>
  level === 'hour' ? utcMonth(instant) : level === 'day' ? utcYear(instant) : null;

export const seriesKeys = {
  /** The key of the hour item holding the raw value at an instant. */
  raw: (series: SeriesRef, at: number) => ({ PK: `S#${owner(series)}#${utcMonth(at)}`, SK: rawHourSortKey(at) }),
  /** The sort key of the hour item holding an instant. */
  rawHourSortKey,
  /** Whether a raw partition's sort key is an hour item's (else a legacy item of one value). */
  isRawHour: (SK: string): boolean => SK.startsWith('h'),
  /** The start of the hour of an hour item's sort key. */
  rawHourStart: (SK: string): number => Number(SK.slice(1)),
  /** The legacy layout's key of one raw value (before issue 41's hour items). */
  legacyRaw: (series: SeriesRef, at: number) => ({ PK: `S#${owner(series)}#${utcMonth(at)}`, SK: pad(at) }),
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
  packsBetween,
  packBefore,
  /** Where a pack's stretch starts and where the next one starts (any layout). */
  packStart,
  packEnd,
  isLegacyPack,
  legacyPackOf,
  /**
   * A point's extent marker for one level: `firstPack`, the sort key of its earliest pack or one
   * before it (set before a pack is created, never raised), so a reader knows when nothing can
   * precede a range without querying for it.
   */
  extent: (series: SeriesRef, level: RollupLevel) => ({ PK: `E#${owner(series)}`, SK: level }),
  /**
   * A point's pending mark: `pendingFrom`, the earliest time whose rollups may lack values a source
   * fetch wrote (they are rolled up once an hour; readers complete them from the raw values), and
   * `daysFrom`, the earliest time whose day and month rollups may lack hours rolled up since (they
   * are rolled up once a local day; readers complete them from the hour rollups).
   */
  pending: (series: SeriesRef) => ({ PK: `E#${owner(series)}`, SK: 'pending' }),
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
