import type { Point } from '@shared/schemas/point';
import { isCalculatedPoint } from '@shared/schemas/point';
import { aggregateOf } from '@shared/series/aggregate';
import { bucketStart, nextBucketStart } from '@shared/series/buckets';
import { calculate, type Bucket } from '@shared/series/calculations';
import { evaluate, parseFormula } from '@shared/series/formula';
import { listLocationsOfCustomer } from '../data/location-repository';
import { listPointsOfCustomer } from '../data/point-repository';
import type { StoredValue } from '../data/raw-value-repository';
import { deleteRawValues, listRawEntries, listRawMonths, listRawValues } from '../data/raw-value-repository';
import { lastValueBefore, zoneOfPoint } from './series-service';
import { storeValuesInBulk } from './series-write-service';
import { launchJob } from './job-launcher';
import { calculationStep, refreshRange } from '@shared/series/calculation-settings';

const DAY = 86_400;

/** The step of a calculated point: its forced or reference periodicity, else its own. */
export const stepSeconds = (point: Point): number => calculationStep(point.calculation!, point.periodicity);

/** Start of the step holding an instant: sub-day steps count from local midnight, longer ones follow the calendar. */
const stepStart = (at: number, seconds: number, zone: string): number => {
  if (seconds >= 365 * DAY) return bucketStart(at, 'year', zone);
  if (seconds >= 28 * DAY) return bucketStart(at, 'month', zone);
  if (seconds >= 7 * DAY) return bucketStart(at, 'week', zone);
  if (seconds >= DAY) return bucketStart(at, 'day', zone);
  const day = bucketStart(at, 'day', zone);
  return day + Math.floor((at - day) / (seconds * 1000)) * seconds * 1000;
};

const nextStep = (start: number, seconds: number, zone: string): number => {
  if (seconds >= 365 * DAY) return nextBucketStart(start, 'year', zone);
  if (seconds >= 28 * DAY) return nextBucketStart(start, 'month', zone);
  if (seconds >= 7 * DAY) return nextBucketStart(start, 'week', zone);
  if (seconds >= DAY) return nextBucketStart(start, 'day', zone);
  const next = start + seconds * 1000;
  const day = bucketStart(start, 'day', zone);
  // A step never crosses local midnight: the next day starts its own steps.
  return Math.min(next, nextBucketStart(day, 'day', zone));
};

export interface CalculationProgress {
  done: number;
  total: number;
}

/**
 * Computes a calculated point's series over a range from its sources, month by month (so memory
 * stays flat), and stores it through the bulk path; its rollups follow from the stream. Values
 * the formula no longer yields are removed.
 */
export const computeCalculatedPoint = async (
  customerId: string,
  pointId: string,
  range: { from?: number; to?: number },
  onProgress: (progress: CalculationProgress) => Promise<void>,
): Promise<{ written: number; from?: number; to?: number }> => {
  const [points, locations] = await Promise.all([listPointsOfCustomer(customerId), listLocationsOfCustomer(customerId)]);
  const byId = new Map(points.map((point) => [point._id, point]));
  const point = byId.get(pointId);
  if (!point || !isCalculatedPoint(point)) return { written: 0 };
  const calculation = point.calculation!;
  const zone = zoneOfPoint(point, locations);
  const seconds = stepSeconds(point);
  const sources = calculation.points_list.filter((entry) => byId.has(entry.point_id));

  const sourceSeries = (entry: { point_id: string }) => ({ customerId, pointId: entry.point_id });
  const series = { customerId, pointId };
  // Where the sources' data starts: the first UTC month their raw values were written in (rollups may lag behind).
  const firstMonths = await Promise.all(sources.map(async (entry) => (await listRawMonths(sourceSeries(entry)))[0]));
  const dataStart = Math.min(...firstMonths.map((month) => (month ? Date.UTC(Number(month.slice(0, 4)), Number(month.slice(4)) - 1, 1) : Infinity)));
  // A step starting before apply_from is left out, even when apply_from falls inside it.
  const applyFrom = calculation.apply_from ? Date.parse(calculation.apply_from) : -Infinity;
  const from = Math.max(range.from ?? dataStart, applyFrom);
  const to = Math.min(range.to ?? Date.now(), calculation.apply_to ? Date.parse(calculation.apply_to) : Infinity);
  if (!Number.isFinite(from) || from >= to) return { written: 0 };

  const formula = parseFormula(calculation.formula);
  const months: number[] = [];
  for (let month = bucketStart(from, 'month', zone); month < to; month = nextBucketStart(month, 'month', zone)) months.push(month);
  const lastBefore = new Map<string, number | null>();
  for (const entry of sources) {
    lastBefore.set(entry.point_id, await lastValueBefore(sourceSeries(entry), seconds >= DAY ? 'day' : seconds % 3600 === 0 ? 'hour' : 'minute', stepStart(from, seconds, zone)));
  }

  let written = 0;
  for (const [index, month] of months.entries()) {
    const chunkFrom = Math.max(stepStart(Math.max(month, from), seconds, zone), stepStart(from, seconds, zone));
    const chunkTo = Math.min(nextBucketStart(month, 'month', zone), to);
    const steps: number[] = [];
    for (let step = chunkFrom; step < chunkTo; step = nextStep(step, seconds, zone)) steps.push(step);

    const perSource = new Map<string, { values: (number | null)[]; buckets: Bucket[] }>();
    for (const entry of sources) {
      const raw = await listRawValues(sourceSeries(entry), chunkFrom, chunkTo);
      const grouped = new Map<number, { at: number; value: number }[]>();
      for (const value of raw) {
        const key = stepStart(value.at, seconds, zone);
        grouped.set(key, [...(grouped.get(key) ?? []), value]);
      }
      const buckets = steps.map((start) => ({
        start,
        aggregate: aggregateOf(grouped.get(start) ?? []),
        values: grouped.get(start)?.map((value) => value.value),
      }));
      const values = calculate(entry.point_calculation, { buckets, lastBefore: lastBefore.get(entry.point_id) ?? null });
      const last = [...buckets].reverse().find((bucket) => bucket.aggregate)?.aggregate?.last;
      if (last !== undefined) lastBefore.set(entry.point_id, last);
      perSource.set(entry.replacement_letter, { values, buckets });
    }

    const results: StoredValue[] = [];
    steps.forEach((start, stepIndex) => {
      const value = evaluate(formula, {
        value: (letter) => perSource.get(letter)?.values[stepIndex] ?? null,
        bucket: (letter) => {
          const aggregate = perSource.get(letter)?.buckets[stepIndex]?.aggregate ?? null;
          return {
            min: aggregate?.min ?? null,
            max: aggregate?.max ?? null,
            avg: aggregate ? aggregate.sum / aggregate.count : null,
            seconds: (nextStep(start, seconds, zone) - start) / 1000,
          };
        },
      });
      if (value !== null && start >= applyFrom) results.push({ pointId, customerId, at: start, value, status: '1', zone });
    });

    const kept = new Set(results.map((result) => result.at));
    const stale = (await listRawEntries(series, chunkFrom, chunkTo)).filter((entry) => !kept.has(entry.at));
    await deleteRawValues(series, stale.map((entry) => entry.at));
    await storeValuesInBulk(customerId, results, byId);
    written += results.length;
    await onProgress({ done: index + 1, total: months.length });
  }
  return { written, from, to };
};

/** Calculated points that read any of the given points. */
export const dependentsOf = <P extends Pick<Point, 'calculation'>>(points: readonly P[], sourceIds: ReadonlySet<string>): P[] =>
  points.filter((point) => isCalculatedPoint(point) && point.calculation!.points_list.some((entry) => sourceIds.has(entry.point_id)));

/** Relaunches the calculated points that read any of these points, over the days touched (or whole). */
export const launchDependentCalculations = async (
  customerId: string,
  touched: readonly { pointId: string; at: number }[],
  /** The customer's points when the caller has them already (a source's fetch). */
  known?: readonly Pick<Point, '_id' | 'calculation'>[],
): Promise<void> => {
  if (touched.length === 0) return;
  const points = known ?? (await listPointsOfCustomer(customerId));
  for (const dependent of dependentsOf(points, new Set(touched.map((instant) => instant.pointId)))) {
    const relevant = touched.filter((instant) => dependent.calculation!.points_list.some((entry) => entry.point_id === instant.pointId));
    const range = refreshRange(dependent, Math.min(...relevant.map((instant) => instant.at)), Math.max(...relevant.map((instant) => instant.at)));
    await launchJob({ kind: 'calculate', customerId, pointId: dependent._id, requestedBy: null, ...range });
  }
};
