import { forEachConcurrently } from '../concurrency';
import { DEFAULT_TIMEZONE } from '@shared/constants';
import type { Point } from '@shared/schemas/point';
import type { DataEntry, PointSeries, SeriesAnswer, SeriesCalendar, SeriesQuery } from '@shared/schemas/series';
import { aggregateOf, mergeAggregates } from '@shared/series/aggregate';
import { bucketStart, bucketStarts, localIso, nextBucketStart, type RollupLevel } from '@shared/series/buckets';
import { groupBy, mergeByBucket, type Rollup } from '@shared/series/rollups';
import { aggregateFieldsOf, calculate, DEFAULT_CALCULATION, type Bucket, type Calculation, type FieldsRead } from '@shared/series/calculations';
import { periodRange } from '@shared/series/period-range';
import { roundForUnit } from '@shared/series/rounding';
import { correctPeriod, correctSampling, type Sampling } from '@shared/series/sampling';
import { canConvert, convertUnit } from '@shared/series/unit-conversion';
import type { Location } from '@shared/schemas/location';
import { listLocationsOfCustomer } from '../data/location-repository';
import { advanceLastDataDate, listPointsOfCustomer } from '../data/point-repository';
import type { StatusCode, StoredValue } from '../data/raw-value-repository';
import { deleteRawValues, latestRawBefore, listRawEntries, listRawMonths, listRawValues, putRawValues } from '../data/raw-value-repository';
import { earliestRollup, latestRollupBefore, readRollupRanges } from '../data/rollup-repository';
import { seriesOfPoint, type SeriesRef } from '../data/series-keys';
import { AppError } from '../errors';
import { customerOf, type Caller } from './caller';
import { listVisiblePoints } from './point-service';
import { announceNewData } from './realtime-service';
import { recomputeSeriesBuckets } from './rollup-buckets';

/** The calendar a point's buckets follow: its first location's zone. */
export const zoneOfPoint = (point: Pick<Point, 'location'>, locations: readonly Location[]): string =>
  locations.find((location) => location._id === point.location[0])?.timezone ?? DEFAULT_TIMEZONE;

/**
 * Stores values sent by people or clients. Every entry is checked first (known point of the
 * caller's customer, valid date and value): one bad entry and nothing is written.
 */
export const ingestEntries = async (caller: Caller, entries: readonly DataEntry[]) => {
  const customerId = customerOf(caller);
  const [points, locations] = await Promise.all([listVisiblePoints(caller), listLocationsOfCustomer(customerId)]);
  const byId = new Map(points.map((point) => [point._id, point]));
  const values: StoredValue[] = entries.map((entry) => {
    const point = byId.get(entry.point);
    if (!point) throw new AppError('not_found', { details: `point ${entry.point}` });
    return {
      pointId: point._id,
      customerId,
      at: Date.parse(entry.date),
      value: entry.value,
      status: entry.status ?? ('8' satisfies StatusCode),
      zone: zoneOfPoint(point, locations),
    };
  });
  await storeValues(customerId, values, byId);
  return { saved: values.length };
};

/** Single values from people and API clients: rollups follow through the table stream. */
export const storeValues = async (
  customerId: string,
  values: readonly StoredValue[],
  pointsById: ReadonlyMap<string, Point>,
): Promise<void> => {
  await putRawValues(values);
  await noteLastDataDates(customerId, values, pointsById);
};

/** What a bulk write did: values new or changed (written), and values equal to what was stored (left alone). */
export interface BulkOutcome {
  written: number;
  unchanged: number;
  /** Points that got new or changed values. */
  changedPoints: Set<string>;
}

/**
 * The bulk path shared by imports, merges, calculations and demo data (values already checked
 * by the caller). Per point and local month it reads what is stored, keeps only the values that
 * are new or differ (value or status) — the same file imported twice writes nothing the second
 * time —, writes them, then recomputes the hour, day and month buckets they touched from the
 * table: a few calls per month of data instead of a recompute per touched hour. Memory stays
 * flat: one point-month at a time. Dependent calculated points are the caller's to refresh.
 */
/** Point-months written at once by the bulk path. */
const BULK_CHUNKS_AT_ONCE = 4;

export const storeValuesInBulk = async (
  customerId: string,
  values: readonly StoredValue[],
  pointsById: ReadonlyMap<string, Point>,
  options: { announce?: boolean } = {},
): Promise<BulkOutcome> => {
  const chunks = new Map<string, StoredValue[]>();
  for (const value of values) {
    const key = `${value.customerId}|${value.pointId}|${value.zone}|${bucketStart(value.at, 'month', value.zone)}`;
    const chunk = chunks.get(key);
    if (chunk) chunk.push(value);
    else chunks.set(key, [value]);
  }
  const outcome: BulkOutcome = { written: 0, unchanged: 0, changedPoints: new Set() };
  const changedPoints = outcome.changedPoints;
  // Point-months are independent stretches of series: a few at once keep the table busy while
  // this process compares and encodes the next ones.
  await forEachConcurrently(chunks, BULK_CHUNKS_AT_ONCE, async ([key, chunk]) => {
    const zone = key.split('|')[2];
    const series: SeriesRef = { customerId: chunk[0].customerId, pointId: chunk[0].pointId };
    // The last of several values at one time wins, as it would when written in order.
    const latest = new Map(chunk.map((value) => [value.at, value]));
    // Only the stretch the values cover is compared: a file's later rows of a month do not read its earlier ones again.
    let first = Infinity;
    let last = -Infinity;
    for (const at of latest.keys()) {
      first = Math.min(first, at);
      last = Math.max(last, at);
    }
    const stored = new Map((await listRawEntries(series, first, last + 1)).map((entry) => [entry.at, entry]));
    const changed = [...latest.values()].filter((value) => stored.get(value.at)?.value !== value.value || stored.get(value.at)?.status !== value.status);
    outcome.unchanged += latest.size - changed.length;
    if (changed.length === 0) return;
    await putRawValues(changed, { bulk: true });
    // The touched buckets are recomputed from what the table holds once the values are written,
    // each pack read before its sources: a single write landing meanwhile is never rolled over.
    await recomputeSeriesBuckets(series, zone, changed.map((value) => value.at));
    outcome.written += changed.length;
    changedPoints.add(series.pointId);
  });
  await noteLastDataDates(customerId, values, pointsById);
  // A caller writing one batch in several calls (a file import) announces once, at its end.
  if (options.announce !== false) await announceNewData(customerId, changedPoints);
  return outcome;
};

const noteLastDataDates = async (
  customerId: string,
  values: readonly StoredValue[],
  pointsById: ReadonlyMap<string, Point>,
): Promise<void> => {
  const latest = new Map<string, number>();
  for (const value of values) latest.set(value.pointId, Math.max(latest.get(value.pointId) ?? 0, value.at));
  const advanced = [...latest].filter(([pointId, at]) => {
    const known = pointsById.get(pointId)?.last_data_date;
    return !known || Date.parse(known) < at;
  });
  await Promise.all(advanced.map(([pointId, at]) => advanceLastDataDate(customerId, pointId, new Date(at).toISOString())));
};

const parseBound = (bound: string, zone: string, end: boolean): number | null => {
  if (bound === 'none') return null;
  // A bare date means the whole day, 00:00 to 23:59 in the point's zone.
  if (/^\d{4}-\d{2}-\d{2}$/.test(bound)) {
    const start = bucketStart(Date.parse(`${bound}T12:00:00Z`), 'day', zone);
    return end ? nextBucketStart(start, 'day', zone) - 1 : start;
  }
  const instant = Date.parse(bound);
  if (!Number.isFinite(instant)) throw new AppError('validation_failed', { details: `bad bound ${bound}` });
  return instant;
};

/** Deletes a point's values between two bounds (inclusive); `none` leaves a side open. */
export const deleteValues = async (caller: Caller, pointId: string, fromBound: string, toBound: string) => {
  const customerId = customerOf(caller);
  const [points, locations] = await Promise.all([listVisiblePoints(caller), listLocationsOfCustomer(customerId)]);
  const point = points.find((candidate) => candidate._id === pointId);
  if (!point) throw new AppError('not_found');
  const zone = zoneOfPoint(point, locations);
  const from = parseBound(fromBound, zone, false) ?? Date.parse(point.created_at) - 100 * 365 * 86_400_000;
  const to = parseBound(toBound, zone, true) ?? Date.now() + 365 * 86_400_000;
  if (to < from) throw new AppError('validation_failed', { details: 'to is before from' });
  // The first month values were written in bounds an open start (rollups may lag behind the writes).
  const [firstMonth] = await listRawMonths(seriesOfPoint(point));
  if (firstMonth === undefined) return { deleted: 0 };
  const first = Date.UTC(Number(firstMonth.slice(0, 4)), Number(firstMonth.slice(4)) - 1, 1);
  const entries = await listRawEntries(seriesOfPoint(point), Math.max(from, first), to + 1);
  await deleteRawValues(seriesOfPoint(point), entries.map((entry) => entry.at));
  return { deleted: entries.length };
};

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
  return (await latestRollupBefore(series, level, from, ['last']))?.last ?? null;
};

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

/** One series of a query: its range in its zone's calendar and what it reads. */
interface SeriesPlan {
  point: Point;
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
  point: Point,
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
    needsBefore: calculation.includes('diff') || calculation === 'evo',
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
  const ranges = await readRollupRanges(
    fromRollups.map((plan) => ({ series: seriesOfPoint(plan.point), level: plan.level!, from: plan.from, to: plan.to, before: plan.needsBefore })),
    {
      every: [...new Set(fromRollups.flatMap((plan) => plan.fields.every))],
      head: [...new Set(fromRollups.flatMap((plan) => plan.fields.head))],
    },
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
    values: values.map((value) => roundForUnit(convert(value), calculation === 'count' ? 'count' : unit)),
  };
};

/**
 * The series every widget, export, report and alert reads: per point, the values of the buckets
 * of the range in the point's local calendar, computed from rollups so the cost follows the
 * number of buckets, not the number of raw values. Points sharing a zone share the calendar.
 */
export const querySeries = async (caller: Caller, query: SeriesQuery, now: number = Date.now()): Promise<SeriesAnswer> => {
  const customerId = customerOf(caller);
  const [points, locations] = await Promise.all([listVisiblePoints(caller), listLocationsOfCustomer(customerId)]);
  const byId = new Map(points.map((point) => [point._id, point]));
  const requested = query.points.map((entry) => {
    const point = byId.get(entry.point);
    if (!point) throw new AppError('not_found', { details: `point ${entry.point}` });
    const conversion = entry.unit_conversion?.to ?? null;
    if (conversion && !canConvert(point.unit, conversion)) throw new AppError('validation_failed', { details: 'unit_conversion' });
    return { point, calculation: entry.calculation ?? DEFAULT_CALCULATION[point.series_type], conversion };
  });
  return querySeriesOfPoints(requested, locations, query, now);
};

/** A series of a query once its point is known to the caller: the point, what it computes and the unit it shows in. */
export interface RequestedSeries {
  point: Point;
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
  const plans = await Promise.all(
    requested.map(({ point, calculation, conversion }) =>
      planSeries(point, calculation, conversion, query, zoneOfPoint(point, locations), now, calendars),
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
