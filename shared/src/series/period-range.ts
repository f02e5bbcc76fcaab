import { DateTime } from 'luxon';
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
