import { DAYS, MONTHS, type DayName, type MonthName } from '../schemas/alert';

/**
 * The days and months of a 5-field cron time, as the frequency editor shows and toggles them.
 * Numbers, lists, ranges and steps (`*\/2`, `1-12/3`, `5/10`) are read; `*` means every one;
 * choosing every one (or none) writes `*`.
 */
const fieldsOf = (cron: string) => cron.trim().split(/\s+/);

const RANGES = { dayOfMonth: [1, 31], month: [1, 12], dayOfWeek: [0, 7] } as const;
type FieldName = keyof typeof RANGES;
const POSITION: Record<FieldName, number> = { dayOfMonth: 2, month: 3, dayOfWeek: 4 };

const valuesOf = (field: string, [min, max]: readonly [number, number]): number[] => {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const [range, stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) continue;
    const [fromText, toText] = range.split('-');
    const every = range === '*' || range === '?';
    const from = every ? min : Number(fromText);
    // `5/10` runs from 5 to the end of the field, as cron reads it.
    const to = every ? max : toText !== undefined ? Number(toText) : stepText !== undefined ? max : from;
    if (!Number.isInteger(from) || !Number.isInteger(to)) continue;
    for (let value = from; value <= Math.min(to, max); value += step) if (value >= min) values.add(value);
  }
  return [...values].sort((a, b) => a - b);
};

const fieldOf = (values: number[], count: number): string => (values.length === 0 || values.length === count ? '*' : [...values].sort((a, b) => a - b).join(','));

/** Cron's day of the week (Sunday 0) of a day name (DAYS starts on Monday). */
const cronDayOf = (day: DayName) => (DAYS.indexOf(day) + 1) % 7;

export const isWellFormedCron = (cron: string) => fieldsOf(cron).length === 5;

const numbersOf = (cron: string, name: FieldName): number[] => {
  const values = valuesOf(fieldsOf(cron)[POSITION[name]], RANGES[name]);
  return name === 'dayOfWeek' ? [...new Set(values.map((day) => day % 7))].sort((a, b) => a - b) : values;
};

export const daysOfCron = (cron: string): DayName[] => {
  if (!isWellFormedCron(cron)) return [];
  const numbers = numbersOf(cron, 'dayOfWeek');
  return DAYS.filter((day) => numbers.includes(cronDayOf(day)));
};

export const monthsOfCron = (cron: string): MonthName[] => {
  if (!isWellFormedCron(cron)) return [];
  const numbers = numbersOf(cron, 'month');
  return MONTHS.filter((_, index) => numbers.includes(index + 1));
};

/**
 * The step of each day and month field that is one (`*\/2` → 2, `1-31/7` → 7), or null: what the
 * editor says in words ("every 2 days") beside the items the step selects.
 */
export const stepsOfCron = (cron: string): Record<FieldName, number | null> => {
  const stepOf = (name: FieldName): number | null => {
    if (!isWellFormedCron(cron)) return null;
    const match = /^(?:\*|\d+(?:-\d+)?)\/(\d+)$/.exec(fieldsOf(cron)[POSITION[name]]);
    return match && Number(match[1]) > 1 ? Number(match[1]) : null;
  };
  return { dayOfMonth: stepOf('dayOfMonth'), month: stepOf('month'), dayOfWeek: stepOf('dayOfWeek') };
};

/**
 * Whether a cron time runs on other days or months than another one: the day of the month, the
 * month and the day of the week, compared by what they select (`*\/6` and `1,7` are the same
 * months). Only the alert's owner may make such a change (spec 2 §2).
 */
export const changesDaysOrMonths = (before: string, after: string): boolean => {
  if (!isWellFormedCron(before) || !isWellFormedCron(after)) return fieldsOf(before).slice(2).join(' ') !== fieldsOf(after).slice(2).join(' ');
  return (Object.keys(RANGES) as FieldName[]).some((name) => numbersOf(before, name).join(',') !== numbersOf(after, name).join(','));
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
