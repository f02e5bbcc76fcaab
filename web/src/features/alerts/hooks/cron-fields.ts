import { DAYS, MONTHS, type DayName, type MonthName } from '@shared/schemas/alert';

/**
 * The days of the week and months of a 5-field cron time, as the frequency editor toggles them.
 * Lists and ranges of numbers are read; `*` means every one; choosing every one (or none) writes `*`.
 */
const fieldsOf = (cron: string) => cron.trim().split(/\s+/);

const valuesOf = (field: string, min: number, max: number): number[] => {
  if (field === '*' || field === '?') return Array.from({ length: max - min + 1 }, (_, index) => min + index);
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const [from, to] = part.split('-').map(Number);
    if (Number.isInteger(from)) for (let value = from; value <= (Number.isInteger(to) ? to : from); value += 1) values.add(value);
  }
  return [...values];
};

const fieldOf = (values: number[], count: number): string => (values.length === 0 || values.length === count ? '*' : [...values].sort((a, b) => a - b).join(','));

/** Cron's day of the week (Sunday 0) of a day name (DAYS starts on Monday). */
const cronDayOf = (day: DayName) => (DAYS.indexOf(day) + 1) % 7;

export const isWellFormedCron = (cron: string) => fieldsOf(cron).length === 5;

export const daysOfCron = (cron: string): DayName[] => {
  if (!isWellFormedCron(cron)) return [];
  const numbers = valuesOf(fieldsOf(cron)[4], 0, 7).map((day) => day % 7);
  return DAYS.filter((day) => numbers.includes(cronDayOf(day)));
};

export const monthsOfCron = (cron: string): MonthName[] => {
  if (!isWellFormedCron(cron)) return [];
  const numbers = valuesOf(fieldsOf(cron)[3], 1, 12);
  return MONTHS.filter((_, index) => numbers.includes(index + 1));
};

/** The cron time running on these days of the week; choosing days frees the day of the month (both cannot be restricted). */
export const withCronDays = (cron: string, days: readonly DayName[]): string => {
  if (!isWellFormedCron(cron)) return cron;
  const [minute, hour, dayOfMonth, month] = fieldsOf(cron);
  const dayOfWeek = fieldOf(
    days.map((day) => cronDayOf(day)),
    7,
  );
  return [minute, hour, dayOfWeek === '*' ? dayOfMonth : '*', month, dayOfWeek].join(' ');
};

export const withCronMonths = (cron: string, months: readonly MonthName[]): string => {
  if (!isWellFormedCron(cron)) return cron;
  const [minute, hour, dayOfMonth, , dayOfWeek] = fieldsOf(cron);
  return [
    minute,
    hour,
    dayOfMonth,
    fieldOf(
      months.map((month) => MONTHS.indexOf(month) + 1),
      12,
    ),
    dayOfWeek,
  ].join(' ');
};
