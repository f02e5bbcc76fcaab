import { DateTime } from 'luxon';
import { DAYS, MONTHS, WHOLE_DAY, type DayPeriod, type TimeFilter } from '../schemas/alert';

const minutesOf = (time: { hour: number; minute: number }): number => time.hour * 60 + time.minute;

/**
 * Whether an alert may fire at an instant: the local day of the week and month (in `zone`, the
 * location's time zone) are active, and the local time of day lies in one of the day's periods,
 * both ends included to the minute (23:59 covers 23:59:59). Read on the local wall clock, so a
 * period keeps its local hours on both sides of a DST change.
 */
export const isInTimeFilter = (filter: TimeFilter, instant: number, zone: string): boolean => {
  const local = DateTime.fromMillis(instant, { zone });
  const day = filter.days[DAYS[local.weekday - 1]];
  const month = filter.months[MONTHS[local.month - 1]];
  if (!day.active || !month.active) return false;
  const now = local.hour * 60 + local.minute;
  return day.periods.some((period) => minutesOf(period.from) <= now && now <= minutesOf(period.to));
};

const clockOf = (minutes: number) => ({ hour: Math.floor(minutes / 60), minute: minutes % 60 });

/**
 * The periods of a day after adding one: the day split in equal slices of 24/(count+1) hours
 * (spec 2 §3), each from its start to the minute before the next one, the last to 23:59.
 */
export const periodsAfterAdding = (periods: readonly DayPeriod[]): DayPeriod[] => {
  const count = periods.length + 1;
  return Array.from({ length: count }, (_, index) => ({
    from: clockOf(Math.round((index * 1440) / count)),
    to: clockOf(Math.round(((index + 1) * 1440) / count) - 1),
  }));
};

/** Removing a period removes the last one; a day keeps at least its whole-day period. */
export const periodsAfterRemoving = (periods: readonly DayPeriod[]): DayPeriod[] => (periods.length > 1 ? periods.slice(0, -1) : [WHOLE_DAY]);

/** The step of the period slider: 15 minutes, 60 for hourly sampling (spec issue 12). */
export const periodSliderStep = (sampling: string): number => (sampling === 'hour' ? 60 : 15);
