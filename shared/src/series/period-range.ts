import { DateTime } from 'luxon';
import { bucketStart } from './buckets';
import type { Period, PeriodType } from './sampling';

export interface PeriodRequest {
  periodType: PeriodType;
  period: Period;
  /** Periods before the current one (0 = current). */
  offset: number;
  start?: string | null;
  end?: string | null;
}

export interface Range {
  from: number;
  to: number;
}

/**
 * The time range a widget shows, in a zone's calendar:
 * - fixedPeriod: the calendar day, week (from Monday), month or year holding `now`, moved back
 *   `offset` periods; `all` runs from the first data to now;
 * - slidingPeriod: the period length ending now, moved back `offset` lengths (`all` is a year);
 * - dateToDate: from `start` to `end`.
 */
export const periodRange = (request: PeriodRequest, now: number, zone: string, firstDataAt: number | null): Range => {
  if (request.periodType === 'dateToDate') {
    const from = Date.parse(request.start ?? '');
    const to = Date.parse(request.end ?? '');
    if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) throw new RangeError('Invalid date range');
    return { from, to };
  }
  const local = DateTime.fromMillis(now, { zone });
  if (request.period === 'all' && request.periodType === 'fixedPeriod') {
    return { from: firstDataAt ?? local.startOf('day').toMillis(), to: now + 1 };
  }
  const unit = request.period === 'all' ? 'year' : request.period;
  if (request.periodType === 'slidingPeriod') {
    const end = local.minus({ [`${unit}s`]: request.offset });
    return { from: end.minus({ [`${unit}s`]: 1 }).toMillis(), to: end.toMillis() + 1 };
  }
  const start = local.startOf(unit).minus({ [`${unit}s`]: request.offset });
  return { from: start.toMillis(), to: start.plus({ [`${unit}s`]: 1 }).toMillis() };
};

/**
 * The previous period's range when a fixed period is compared with it (a trend): its start, and
 * where it stops — as far into it as now is into the compared one, in calendar time, at most its
 * end, while that one is under way; null when it is over and is compared with the whole previous
 * one. To the minute for a day (yesterday until 08:36); to the hour for longer periods (the 27th at
 * 19:00 of the month before), where an hour weighs little and whole hours are read from rollups.
 */
export const previousPeriodToDate = (period: Exclude<Period, 'all'>, offset: number, now: number, zone: string): { from: number; to: number | null } => {
  const current = periodRange({ periodType: 'fixedPeriod', period, offset }, now, zone, null);
  const previous = periodRange({ periodType: 'fixedPeriod', period, offset: offset + 1 }, now, zone, null);
  if (current.to <= now) return { from: previous.from, to: null };
  const elapsed = DateTime.fromMillis(now, { zone }).diff(DateTime.fromMillis(current.from, { zone }), ['days', 'hours', 'minutes', 'seconds', 'milliseconds']);
  const sameMoment = Math.min(DateTime.fromMillis(previous.from, { zone }).plus(elapsed).toMillis(), previous.to);
  return { from: previous.from, to: period === 'day' ? sameMoment : Math.max(previous.from, bucketStart(sameMoment, 'hour', zone)) };
};
