import { DEFAULT_TIMEZONE } from '@shared/constants';
import type { Point } from '@shared/schemas/point';
import type { PointSeries, SeriesAnswer, SeriesCalendar, SeriesQuery } from '@shared/schemas/series';
import { aggregateOf, mergeAggregates } from '@shared/series/aggregate';
import { bucketStart, bucketStarts, localIso, type RollupLevel } from '@shared/series/buckets';
import { groupBy, mergeByBucket, type Rollup } from '@shared/series/rollups';
import { aggregateFieldsOf, calculate, DEFAULT_CALCULATION, type Bucket, type Calculation, type FieldsRead } from '@shared/series/calculations';
import { periodRange } from '@shared/series/period-range';
import { roundForUnit } from '@shared/series/rounding';
import { correctPeriod, correctSampling, type Sampling } from '@shared/series/sampling';
import { canConvert, convertUnit } from '@shared/series/unit-conversion';
import type { Location } from '@shared/schemas/location';
import { listPointsOfCustomer } from '../data/point-repository';
import { latestRawBefore, listRawEntries, listRawValues } from '../data/raw-value-repository';
import { earliestRollup, latestRollupBefore, NOTHING_PENDING, readPendingMarks, readRollupRanges } from '../data/rollup-repository';
import { completePendingRanges } from './rollup-buckets';
import { seriesOfPoint, type SeriesRef } from '../data/series-keys';
import { AppError } from '../errors';
import { customerOf, type Caller } from './caller';
import { visiblePointsByIds } from './point-service';

/** The calendar a point's buckets follow: its first location's zone. */
export const zoneOfPoint = (point: Pick<Point, 'location'>, locations: readonly Location[]): string =>
  locations.find((location) => location._id === point.location[0])?.timezone ?? DEFAULT_TIMEZONE;

/** Each bucket of a calendar with its aggregate (null where no data): one walk over both, both sorted. */
const alignBuckets = (starts: readonly number[], aggregates: readonly Rollup[], medians: ReadonlyMap<number, number[]> | null): Bucket[] => {
  let next = 0;
  return starts.map((start) => {
    while (next < aggregates.length && aggregates[next].start < start) next += 1;
    const aggregate = next < aggregates.length && aggregates[next].start === start ? aggregates[next] : null;
    return { start, aggregate, values: medians?.get(start) };
  });
};

const rawValuesByBucket = async (series: SeriesRef, sampling: Sampling, zone: string, from: number, to: number) => {
  const groups = groupBy(await listRawValues(series, from, to), (value) => bucketStart(value.at, sampling, zone));
  return new Map([...groups].map(([start, values]) => [start, values.map((value) => value.value)]));
};

/** The rollups a sampling reads: the coarsest level whose buckets nest in its own (none for minutes: raw values). */
const LEVEL_OF_SAMPLING: Record<Sampling, RollupLevel | null> = { minute: null, hour: 'hour', day: 'day', week: 'day', month: 'month', year: 'month' };

/**
 * The last value before a bucket-aligned instant, from the store a query of that sampling reads
 * (its buckets nest in the sampling's, so nothing after the instant can be in them): raw values
 * for minutes, hour rollups for hours, day rollups for days and weeks, month rollups above.
 */
export const lastValueBefore = async (series: SeriesRef, sampling: Sampling, from: number): Promise<number | null> => {
  const level = LEVEL_OF_SAMPLING[sampling];
  if (level === null) return (await latestRawBefore(series, from))?.value ?? null;
  const [stored, mark] = await Promise.all([
    latestRollupBefore(series, level, from, ['last']),
    readPendingMarks([series]).then((marks) => marks.get(`${series.customerId}|${series.pointId}`) ?? NOTHING_PENDING),
  ]);
  // Values a fetch wrote after the pending mark may not be rolled up yet: the last raw value is the
  // truth, and the stored rollup holds every value before the mark's hour (which starts at most an hour before it).
  if (mark.from !== null && mark.from < from) {
    const raw = await latestRawBefore(series, from);
    if (raw && raw.at >= mark.from - HOUR_MS) return raw.value;
  }
  // Days and months may lack hours rolled up since `daysFrom` (or the mark): the hour rollups hold them.
  const daysFrom = Math.min(mark.from ?? Infinity, mark.daysFrom ?? Infinity);
  if (level !== 'hour' && daysFrom < from) return (await latestRollupBefore(series, 'hour', from, ['last']))?.last ?? stored?.last ?? null;
  return stored?.last ?? null;
};

const HOUR_MS = 3_600_000;

/** Whether a calculation subtracts from the last value before its range (differences, evolution). */
const needsValueBefore = (calculation: Calculation): boolean => calculation.includes('diff') || calculation === 'evo';

/** How a calculation's values are rounded: counts whole, the others by their unit. */
const roundingUnitOf = (calculation: Calculation, unit: string): string => (calculation === 'count' ? 'count' : unit);

/** Bucket starts of a range and their local labels: the same for every point of a zone. */
interface Calendar {
  index: number;
  starts: number[];
  described: SeriesCalendar;
}

/** The calendars of one query: built once per zone, range and sampling, shared by the points that use them. */
const calendarCache = () => {
  const calendars = new Map<string, Calendar>();
  return {
    of: (from: number, to: number, sampling: Sampling, zone: string): Calendar => {
      const key = `${zone}|${sampling}|${from}|${to}`;
      let calendar = calendars.get(key);
      if (!calendar) {
        const starts = bucketStarts(from, to, sampling, zone);
        const described = { timezone: zone, from: localIso(from, zone), to: localIso(to, zone), dates: starts.map((start) => localIso(start, zone)) };
        calendar = { index: calendars.size, starts, described };
        calendars.set(key, calendar);
      }
      return calendar;
    },
    list: (): SeriesCalendar[] => [...calendars.values()].map((calendar) => calendar.described),
  };
};

/** What the engine reads of a point: whose series it is, its type and unit, and its first location (its calendar's zone). */
export type SeriesPoint = Pick<Point, '_id' | 'customer' | 'name' | 'series_type' | 'unit' | 'location'>;

/** One series of a query: its range in its zone's calendar and what it reads. */
interface SeriesPlan {
  point: SeriesPoint;
  calculation: Calculation;
  conversion: string | null;
  zone: string;
  sampling: Sampling;
  from: number;
  to: number;
  calendar: Calendar;
  /** `evo` measures the change of the series type's default calculation. */
  evolutionBase: Exclude<Calculation, 'evo'>;
  /** The rollups read: the coarsest level whose buckets nest in the sampling's (none for minutes: raw values). */
  level: RollupLevel | null;
  fields: FieldsRead;
  /** Whether the calculation subtracts from the last value before the range. */
  needsBefore: boolean;
}

const planSeries = async (
  point: SeriesPoint,
  calculation: Calculation,
  conversion: string | null,
  query: SeriesQuery,
  zone: string,
  now: number,
  calendars: ReturnType<typeof calendarCache>,
): Promise<SeriesPlan> => {
  const period = correctPeriod(query.period_type, query.period);
  const sampling = correctSampling(period, query.sampling);
  const first = period === 'all' ? await earliestRollup(seriesOfPoint(point), 'month') : null;
  const { from: rawFrom, to } = periodRange(
    { periodType: query.period_type, period, offset: query.offset, start: query.start, end: query.end },
    now,
    zone,
    first?.firstAt ?? null,
  );
  const from = bucketStart(rawFrom, sampling, zone);
  const evolutionBase = DEFAULT_CALCULATION[point.series_type];
  const level = LEVEL_OF_SAMPLING[sampling];
  const fields = aggregateFieldsOf(calculation, evolutionBase);
  return {
    point,
    calculation,
    conversion,
    zone,
    sampling,
    from,
    to,
    calendar: calendars.of(from, to, sampling, zone),
    evolutionBase,
    level,
    // Weeks and years merge day and month rollups, ordered by their first and last times.
    fields: level !== null && level !== sampling ? { ...fields, every: [...fields.every, 'firstAt', 'lastAt'] } : fields,
    needsBefore: needsValueBefore(calculation),
  };
};

interface SeriesInput {
  /** Aggregates of the range's buckets that hold data, oldest first. */
  aggregates: readonly Rollup[];
  lastBefore: number | null;
}

/**
 * What every series of a query reads: the rollup ranges of all its points in one batch read
 * (the last value before each range with them), minutes from raw values point by point.
 */
const readSeriesInputs = async (plans: readonly SeriesPlan[]): Promise<SeriesInput[]> => {
  const fromRollups = plans.filter((plan) => plan.level !== null);
  const reads = fromRollups.map((plan) => ({ series: seriesOfPoint(plan.point), level: plan.level!, from: plan.from, to: plan.to, before: plan.needsBefore, zone: plan.zone }));
  const ranges = await completePendingRanges(
    reads,
    await readRollupRanges(reads, {
      every: [...new Set(fromRollups.flatMap((plan) => plan.fields.every))],
      head: [...new Set(fromRollups.flatMap((plan) => plan.fields.head))],
    }),
  );
  const byPlan = new Map(fromRollups.map((plan, index) => [plan, ranges[index]]));
  return Promise.all(
    plans.map(async (plan): Promise<SeriesInput> => {
      const range = byPlan.get(plan);
      if (range) {
        const { sampling, zone } = plan;
        const aggregates = plan.level === sampling
          ? range.rollups
          : mergeByBucket(range.rollups, (rollup) => bucketStart(rollup.start, sampling, zone), (parts) => mergeAggregates(parts)!);
        return { aggregates, lastBefore: range.before?.last ?? null };
      }
      const raw = await listRawValues(seriesOfPoint(plan.point), plan.from, plan.to);
      return {
        aggregates: mergeByBucket(raw, (value) => bucketStart(value.at, 'minute', plan.zone), (values) => aggregateOf(values)!),
        lastBefore: plan.needsBefore ? await lastValueBefore(seriesOfPoint(plan.point), 'minute', plan.from) : null,
      };
    }),
  );
};

const seriesOf = async (plan: SeriesPlan, { aggregates, lastBefore }: SeriesInput): Promise<PointSeries> => {
  const { point, calculation, conversion, calendar } = plan;
  const medians = calculation === 'median' ? await rawValuesByBucket(seriesOfPoint(point), plan.sampling, plan.zone, plan.from, plan.to) : null;
  const buckets = alignBuckets(calendar.starts, aggregates, medians);
  const values = calculate(calculation, { buckets, lastBefore, evolutionBase: plan.evolutionBase });
  const unit = calculation === 'evo' ? '%' : conversion ?? point.unit;
  const convert = (value: number | null) =>
    value === null || calculation === 'evo' || calculation === 'count' || !conversion ? value : convertUnit(value, point.unit, conversion);
  return {
    point: point._id,
    name: point.name,
    calculation,
    unit,
    timezone: plan.zone,
    calendar: calendar.index,
    values: values.map((value) => roundForUnit(convert(value), roundingUnitOf(calculation, unit))),
  };
};

/**
 * The series every widget, export, report and alert reads: per point, the values of the buckets
 * of the range in the point's local calendar, computed from rollups so the cost follows the
 * number of buckets, not the number of raw values. Points sharing a zone share the calendar.
 */
export const querySeries = async (caller: Caller, query: SeriesQuery, now: number = Date.now()): Promise<SeriesAnswer> =>
  querySeriesSeenBy(await seriesViewOf(caller, query.points.map((entry) => entry.point)), query, now);

/** What a caller's series queries read before their rollups: the points asked that the caller sees, and their locations (zones, surfaces). */
export interface SeriesView {
  points: ReadonlyMap<string, Point>;
  locations: readonly Location[];
}

/** The caller's view of these points (and of `alsoLocations`), read by key: what a series query costs does not grow with the customer. */
export const seriesViewOf = async (caller: Caller, pointIds: Iterable<string>, alsoLocations: Iterable<string> = []): Promise<SeriesView> => {
  const { points, locations } = await visiblePointsByIds(caller, pointIds, alsoLocations);
  return { points: new Map(points.map((point) => [point._id, point])), locations };
};

/**
 * `querySeries` with the caller's view read once for several queries (a widget's frame, its
 * previous period, its normalisation, its text's values), rather than again for each.
 */
export const querySeriesSeenBy = async (view: SeriesView, query: SeriesQuery, now: number = Date.now()): Promise<SeriesAnswer> => {
  const requested = query.points.map((entry) => {
    const point = view.points.get(entry.point);
    if (!point) throw new AppError('not_found', { details: `point ${entry.point}` });
    const conversion = entry.unit_conversion?.to ?? null;
    if (conversion && !canConvert(point.unit, conversion)) throw new AppError('validation_failed', { details: 'unit_conversion' });
    return { point, calculation: entry.calculation ?? DEFAULT_CALCULATION[point.series_type], conversion };
  });
  return querySeriesOfPoints(requested, view.locations, query, now);
};

/**
 * One value of a point over an instant range that no calendar bucket matches, computed as one
 * bucket of its own: the whole days from the day rollups, the last day's whole hours from the hour
 * rollups, the minutes after them from the raw values — exact to the value, reading about as much
 * as a month chart (a `to` on the hour reads no raw values: in the emulator, whose query of a raw
 * partition costs ~120 ms whatever the range, that is the most of its time). `from` is a day's start
 * (a period's); `to` any instant after it. What a trend compares a period under way with: the
 * previous period up to the same moment.
 */
export const rangeValueSeenBy = async (view: SeriesView, pointId: string, calculation: Calculation, from: number, to: number): Promise<{ value: number | null; unit: string }> => {
  const point = view.points.get(pointId);
  if (!point) throw new AppError('not_found', { details: `point ${pointId}` });
  const zone = zoneOfPoint(point, view.locations);
  const series = seriesOfPoint(point);
  const lastDay = Math.max(from, bucketStart(to, 'day', zone));
  const lastHour = Math.max(lastDay, bucketStart(to, 'hour', zone));
  const evolutionBase = DEFAULT_CALCULATION[point.series_type];
  const fields = aggregateFieldsOf(calculation, evolutionBase);
  // Days and hours merge into one aggregate, ordered by their first and last times.
  const reads = [
    { series, level: 'day' as const, from, to: lastDay, before: false, zone },
    { series, level: 'hour' as const, from: lastDay, to: lastHour, before: false, zone },
  ].filter((read) => read.from < read.to);
  const [ranges, minutes, lastBefore, medianValues] = await Promise.all([
    reads.length
      ? readRollupRanges(reads, { every: [...new Set([...fields.every, ...fields.head, 'firstAt' as const, 'lastAt' as const])], head: [] }).then((read) => completePendingRanges(reads, read))
      : [],
    lastHour < to ? listRawValues(series, lastHour, to) : [],
    needsValueBefore(calculation) ? lastValueBefore(series, 'hour', from) : null,
    calculation === 'median' ? listRawValues(series, from, to) : null,
  ]);
  const aggregate = mergeAggregates([...ranges.flatMap((range) => range.rollups), aggregateOf(minutes)]);
  const [value] = calculate(calculation, { buckets: [{ start: from, aggregate, values: medianValues?.map((entry) => entry.value) }], lastBefore, evolutionBase });
  const unit = calculation === 'evo' ? '%' : point.unit;
  return { value: roundForUnit(value ?? null, roundingUnitOf(calculation, unit)), unit };
};

/** A series of a query once its point is known to the caller: the point, what it computes and the unit it shows in. */
export interface RequestedSeries {
  point: SeriesPoint;
  calculation: Calculation;
  conversion: string | null;
}

/**
 * The engine behind `querySeries`, for callers that resolved the points themselves (a scheduled
 * alert has no signed-in caller; its points are its customer's): every rollup range in one batch.
 */
export const querySeriesOfPoints = async (
  requested: readonly RequestedSeries[],
  locations: readonly Location[],
  query: SeriesQuery,
  now: number,
): Promise<SeriesAnswer> => {
  const calendars = calendarCache();
  // Each point's zone from one index of the locations (a map's thousands of points among a thousand sites).
  const zones = new Map(locations.map((location) => [location._id, location.timezone]));
  const plans = await Promise.all(
    requested.map(({ point, calculation, conversion }) =>
      planSeries(point, calculation, conversion, query, zones.get(point.location[0]) ?? DEFAULT_TIMEZONE, now, calendars),
    ),
  );
  const inputs = await readSeriesInputs(plans);
  const series = await Promise.all(plans.map((plan, index) => seriesOf(plan, inputs[index])));
  const period = correctPeriod(query.period_type, query.period);
  return { sampling: correctSampling(period, query.sampling), period, calendars: calendars.list(), series };
};

export const pointsOfCustomerById = async (customerId: string) =>
  new Map((await listPointsOfCustomer(customerId)).map((point) => [point._id, point]));

/** The raw values behind a minute-sampled answer, with their status codes, for tables (spec 1 §3.4). */
export const rawRowsOf = async (caller: Caller, answer: SeriesAnswer) => {
  const customerId = customerOf(caller);
  return Promise.all(
    answer.series.map(async (series) => {
      const calendar = answer.calendars[series.calendar];
      const entries = await listRawEntries({ customerId, pointId: series.point }, Date.parse(calendar.from), Date.parse(calendar.to));
      return { point: series.point, rows: entries.map((entry) => ({ date: localIso(entry.at, calendar.timezone), value: entry.value, status: entry.status })) };
    }),
  );
};
