import { DateTime } from 'luxon';
import type { Period, PeriodType } from '../series/sampling';

/** A period a calendar can name: the widget's period unless it is the whole history. */
export type FixedPeriod = Exclude<Period, 'all'>;

/** The start of the fixed period `offset` periods before the one holding `now`, in the zone (weeks start on Monday). */
export const periodStart = (period: FixedPeriod, offset: number, now: number, zone: string): DateTime =>
  DateTime.fromMillis(now, { zone }).startOf(period).minus({ [period]: offset });

/**
 * The offset that shows the fixed period holding a picked calendar date (`yyyy-MM-dd`, read in the
 * zone): how many whole periods lie between its start and the current one's. Calendar arithmetic,
 * not milliseconds, so a week or day crossing a clock change still counts as one; a date after
 * today is the current period.
 */
export const offsetOfPickedDate = (period: FixedPeriod, picked: string, now: number, zone: string): number => {
  const date = DateTime.fromISO(picked, { zone });
  if (!date.isValid) return 0;
  const periods = periodStart(period, 0, now, zone).diff(date.startOf(period), period).as(period);
  return Math.max(0, Math.round(periods));
};

/** The last date the picker offers: today in the zone (`yyyy-MM-dd`). */
export const latestPickableDate = (now: number, zone: string): string => DateTime.fromMillis(now, { zone }).toISODate() ?? '';

/** Previous and next move a fixed or sliding period; the whole history and a date range have nowhere to go. */
export const hasPeriodNavigation = (periodType: PeriodType, period: Period): boolean =>
  periodType !== 'dateToDate' && period !== 'all';

/** A date can be picked only where a calendar date names a period. */
export const hasPeriodPicker = (periodType: PeriodType, period: Period): boolean => periodType === 'fixedPeriod' && period !== 'all';

/** Next is the way back to the current period: closed at offset 0. */
export const canGoNext = (offset: number): boolean => offset > 0;

/** The furthest back a widget goes (the settings' bound). */
export const MAX_OFFSET = 1000;
