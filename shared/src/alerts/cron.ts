import { CronExpressionParser } from 'cron-parser';

/**
 * Cron times of alerts and report subscriptions (spec 2 §3 "Cron presets by frequency base 1 to
 * 6"): the spec's 5-field cron (`minute hour day-of-month month day-of-week`, Sunday 0 or 7) and
 * the EventBridge Scheduler `cron(...)` expression a schedule runs on (6 fields, day-of-week 1–7
 * from Sunday, one of the two day fields `?`).
 */
export const CRON_PRESETS = {
  1: '* * * * *',
  2: '0 * * * *',
  3: '0 8 * * *',
  4: '0 8 * * 1',
  5: '0 8 1 * *',
  6: '0 8 1 1 *',
} as const;
export type CronPreset = keyof typeof CRON_PRESETS;
export const CRON_PRESET_KEYS = [1, 2, 3, 4, 5, 6] as const satisfies readonly CronPreset[];
export const DEFAULT_CRON_PRESET: CronPreset = 5;

export class CronNotSupportedError extends Error {
  constructor(
    readonly cron: string,
    reason: string,
  ) {
    super(`Cron time "${cron}" ${reason}`);
    this.name = 'CronNotSupportedError';
  }
}

const fieldsOf = (cron: string): string[] => cron.trim().split(/\s+/);

/** The parser's canonical fields of a 5-field cron (numbers, ranges, steps; names resolved). */
const canonical = (cron: string): string[] => {
  if (fieldsOf(cron).length !== 5) throw new CronNotSupportedError(cron, 'does not have 5 fields');
  let parsed;
  try {
    parsed = CronExpressionParser.parse(cron, { strict: false });
  } catch (error) {
    throw new CronNotSupportedError(cron, `is not a cron time (${(error as Error).message})`);
  }
  const { fields } = parsed;
  // stringify() gives the fields in the order second? minute hour dom month dow; keep the last five.
  const text = fields.stringify(false);
  const parts = fieldsOf(text).slice(-5);
  return [
    parts[0],
    parts[1],
    fields.dayOfMonth.isWildcard ? '*' : parts[2],
    fields.month.isWildcard ? '*' : parts[3],
    fields.dayOfWeek.isWildcard ? '*' : parts[4],
  ];
};

/** Day-of-week numbers from cron's 0–6 (Sunday 0) to EventBridge's 1–7 (Sunday 1); `#n` keeps its n. */
const shiftDaysOfWeek = (field: string): string =>
  field.replace(/(#\d+)|(\d+)/g, (match, nth: string | undefined) => (nth ? match : String((Number(match) % 7) + 1)));

/**
 * The EventBridge Scheduler expression of a 5-field cron time. Standard cron fires when either
 * day field matches if both are restricted; EventBridge cannot say that, so such a time is refused.
 */
export const toSchedulerExpression = (cron: string): string => {
  const [minute, hour, dayOfMonth, month, dayOfWeek] = canonical(cron);
  if (dayOfMonth !== '*' && dayOfWeek !== '*') throw new CronNotSupportedError(cron, 'restricts both the day of the month and the day of the week');
  const days = dayOfWeek === '*' ? [dayOfMonth, '?'] : ['?', shiftDaysOfWeek(dayOfWeek)];
  return `cron(${minute} ${hour} ${days[0]} ${month} ${days[1]} *)`;
};

/** Whether a cron time can become a schedule. */
export const isValidCron = (cron: string): boolean => {
  try {
    toSchedulerExpression(cron);
    return true;
  } catch (error) {
    if (error instanceof CronNotSupportedError) return false;
    throw error;
  }
};

/**
 * The cron time a preset gives. In edit mode (`existing` given) a daily, weekly, monthly or yearly
 * preset keeps the time of day already chosen rather than going back to 08:00 (spec 2 §2).
 */
export const cronOfPreset = (preset: CronPreset, existing?: string | null): string => {
  const fields = fieldsOf(CRON_PRESETS[preset]);
  if (existing && preset >= 3 && isValidCron(existing)) {
    const [minute, hour] = fieldsOf(existing);
    if (/^\d+$/.test(minute) && /^\d+$/.test(hour)) return [minute, hour, ...fields.slice(2)].join(' ');
  }
  return fields.join(' ');
};

/** The preset a cron time is (ignoring its time of day for presets 3 to 6), or null for a custom one. */
export const presetOfCron = (cron: string): CronPreset | null => {
  const fields = fieldsOf(cron);
  if (fields.length !== 5) return null;
  for (const preset of CRON_PRESET_KEYS) {
    const model = fieldsOf(CRON_PRESETS[preset]);
    const compared = preset >= 3 ? [2, 3, 4] : [0, 1, 2, 3, 4];
    const timeIsFixed = preset < 3 || (/^\d+$/.test(fields[0]) && /^\d+$/.test(fields[1]));
    if (timeIsFixed && compared.every((index) => fields[index] === model[index])) return preset;
  }
  return null;
};

/**
 * The due time of a run: the latest occurrence of a cron time at or before `now`, in `zone`.
 * A schedule's target carries no time, so a job derives the tick it runs for from its clock; two
 * runs for the same occurrence find the same tick.
 */
export const latestOccurrence = (cron: string, zone: string, now: number): number => {
  const parsed = CronExpressionParser.parse(cron, { currentDate: new Date(now + 1000), tz: zone, strict: false });
  return parsed.prev().getTime();
};

/** The first occurrence of a cron time after `time`, in `zone`: when the due time found at `time` stops being the latest. */
export const occurrenceAfter = (cron: string, zone: string, time: number): number =>
  CronExpressionParser.parse(cron, { currentDate: new Date(time), tz: zone, strict: false }).next().getTime();
