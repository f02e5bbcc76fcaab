import { DateTime } from 'luxon';
import type { ReminderPeriod, ReminderType } from '../schemas/reminder';

/**
 * Dates of reminders (spec 2 §5 "Reminder minimum date", §9): pure rules on calendar dates and
 * local date-times (`2026-12-01`, `2026-12-01T08:00`) read in the customer's time zone.
 */

export interface ReminderRhythm {
  type: ReminderType;
  period_type: ReminderPeriod;
  period_value: number;
}

const DATE = 'yyyy-MM-dd';
const LOCAL = "yyyy-MM-dd'T'HH:mm";

const periodOf = ({ period_type, period_value }: Pick<ReminderRhythm, 'period_type' | 'period_value'>, times = 1) => ({
  [`${period_type}s`]: period_value * times,
});

/**
 * The earliest date a reminder may take: a normal reminder from tomorrow; a recurrent one from its
 * reference date minus its period plus one day, the reference being the reminder's date when it is
 * created and today when it is edited.
 */
export const minimumReminderDate = (
  rhythm: ReminderRhythm,
  options: { today: string; mode: 'create' | 'edit'; reminderDate?: string | null },
): string => {
  const today = DateTime.fromISO(options.today, { zone: 'utc' });
  if (rhythm.type === 'normal') return today.plus({ days: 1 }).toFormat(DATE);
  const reference = options.mode === 'create' && options.reminderDate ? DateTime.fromISO(options.reminderDate, { zone: 'utc' }) : today;
  return reference.minus(periodOf(rhythm)).plus({ days: 1 }).toFormat(DATE);
};

/** Whether a date passes the minimum (dates compare as text). */
export const isReminderDateAllowed = (date: string, minimum: string): boolean => date >= minimum;

/**
 * The k-th occurrence of a reminder: its date plus k periods, each counted from the first date
 * so that a reminder of the 31st falls on the last day of shorter months and comes back to the 31st.
 */
export const occurrenceOf = (rhythm: ReminderRhythm, reminderDate: string, start: string, k: number): string =>
  DateTime.fromISO(`${reminderDate}T${start}`, { zone: 'utc' }).plus(periodOf(rhythm, k)).toFormat(LOCAL);

const AVERAGE_DAYS: Record<ReminderPeriod, number> = { day: 1, week: 7, month: 30.44, year: 365.25 };
const averagePeriodDays = ({ period_type, period_value }: ReminderRhythm): number => AVERAGE_DAYS[period_type] * period_value;

/**
 * The first occurrence strictly after `after` (a local date-time), or null: a normal reminder has
 * one occurrence, a recurrent one an occurrence every period from its date on.
 */
export const nextOccurrence = (rhythm: ReminderRhythm, reminderDate: string, start: string, after: string): string | null => {
  const first = occurrenceOf(rhythm, reminderDate, start, 0);
  if (first > after) return first;
  if (rhythm.type === 'normal') return null;
  // Jump close to `after` by average period lengths, then step: cheap even for a daily reminder of years ago.
  const days = DateTime.fromISO(after, { zone: 'utc' }).diff(DateTime.fromISO(first, { zone: 'utc' }), 'days').days;
  let k = Math.max(0, Math.floor(days / averagePeriodDays(rhythm)) - 2);
  let candidate = occurrenceOf(rhythm, reminderDate, start, k);
  while (candidate <= after) candidate = occurrenceOf(rhythm, reminderDate, start, ++k);
  return candidate;
};

/**
 * The last occurrence at or before `at` (a local date-time), or null when the first is still to
 * come: the occurrence a schedule that fires at `at` stands for.
 */
export const latestOccurrence = (rhythm: ReminderRhythm, reminderDate: string, start: string, at: string): string | null => {
  const first = occurrenceOf(rhythm, reminderDate, start, 0);
  if (first > at) return null;
  if (rhythm.type === 'normal') return first;
  const next = nextOccurrence(rhythm, reminderDate, start, at)!;
  let k = Math.max(0, Math.floor(DateTime.fromISO(at, { zone: 'utc' }).diff(DateTime.fromISO(first, { zone: 'utc' }), 'days').days / averagePeriodDays(rhythm)) - 2);
  let latest = first;
  for (let candidate = occurrenceOf(rhythm, reminderDate, start, k); candidate < next; candidate = occurrenceOf(rhythm, reminderDate, start, ++k)) {
    if (candidate <= at) latest = candidate;
  }
  return latest;
};

/** The local date-time now in a zone, as occurrences are written. */
export const localNow = (zone: string, now: Date = new Date()): string => DateTime.fromJSDate(now, { zone }).toFormat(LOCAL);

/** Today's date in a zone. */
export const localToday = (zone: string, now: Date = new Date()): string => DateTime.fromJSDate(now, { zone }).toFormat(DATE);
