import { createHash } from 'node:crypto';
import type { Alert } from '@shared/schemas/alert';

/**
 * Alerts' schedules, one per customer and cron (issue 41): a schedule per alert made 40 alerts on a
 * 15-minute cron 116,880 scheduler invocations a month; one schedule per (customer, cron expression,
 * time zone) starts that customer's alerts of that cron in one invocation, which puts each alert's
 * evaluation in the customer's lane of the fair queue (docs/architecture/fair-work.md). Pure rules
 * here; the schedules themselves are made by services/alert-schedule-service.ts.
 */

/** What of an alert decides its schedule. */
export type ScheduledAlert = Pick<Alert, '_id' | 'active' | 'schedule_expression' | 'timezone' | 'start_date' | 'end_date'>;

/**
 * The key of a cron in a customer's schedules: its Scheduler expression and time zone, hashed (a
 * schedule's name is at most 64 characters, and `alerts-<customer id>-` takes 49 of them).
 */
export const alertCronKey = (expression: string, timezone: string): string =>
  createHash('sha256').update(`${expression}\n${timezone}`).digest('hex').slice(0, 12);

export const cronKeyOf = (alert: Pick<Alert, 'schedule_expression' | 'timezone'>): string => alertCronKey(alert.schedule_expression, alert.timezone);

/** The schedule a group of alerts sharing a cron needs. */
export interface AlertCronSchedule {
  key: string;
  expression: string;
  timezone: string;
  /** Only when every alert of the group starts later: the first start. */
  start?: Date;
  /** Only when every alert of the group ends: the last end. */
  end?: Date;
  /** The alerts it starts, in the order given. */
  alertIds: string[];
}

/** Whether an alert still needs its cron to fire: active, and not ended. */
export const isScheduled = (alert: ScheduledAlert, now: number): boolean => {
  if (!alert.active) return false;
  const end = alert.end_date ? Date.parse(alert.end_date) : null;
  return end === null || end > now;
};

/**
 * The schedules a customer's alerts need: one per cron (expression and time zone) that at least one
 * active, not ended alert has; none for the others (an inactive or ended alert needs no firing, and
 * its cron's schedule goes with the last one). EventBridge refuses an end in the past and a start in
 * the past is left out, so a group's start is its first alert's when all start later, its end its
 * last alert's when all end.
 */
export const alertCronSchedules = (alerts: readonly ScheduledAlert[], now: number): AlertCronSchedule[] => {
  const groups = new Map<string, ScheduledAlert[]>();
  for (const alert of alerts) {
    if (!isScheduled(alert, now)) continue;
    const key = cronKeyOf(alert);
    groups.set(key, [...(groups.get(key) ?? []), alert]);
  }
  return [...groups.entries()].map(([key, members]) => {
    const starts = members.map((alert) => (alert.start_date ? Date.parse(alert.start_date) : null));
    const ends = members.map((alert) => (alert.end_date ? Date.parse(alert.end_date) : null));
    const laterStarts = starts.every((start): start is number => start !== null && start > now);
    const allEnd = ends.every((end): end is number => end !== null);
    return {
      key,
      expression: members[0].schedule_expression,
      timezone: members[0].timezone,
      ...(laterStarts ? { start: new Date(Math.min(...(starts as number[]))) } : {}),
      ...(allEnd ? { end: new Date(Math.max(...(ends as number[]))) } : {}),
      alertIds: members.map((alert) => alert._id),
    };
  });
};

/** What a customer's schedules need changed: the groups to put (all of them: their timing may have moved), the names to remove. */
export const alertScheduleChanges = (
  wanted: readonly AlertCronSchedule[],
  existingNames: readonly string[],
  nameOf: (key: string) => string,
): { put: { schedule: AlertCronSchedule; exists: boolean }[]; remove: string[] } => {
  const existing = new Set(existingNames);
  const wantedNames = new Set(wanted.map((schedule) => nameOf(schedule.key)));
  return {
    put: wanted.map((schedule) => ({ schedule, exists: existing.has(nameOf(schedule.key)) })),
    remove: existingNames.filter((name) => !wantedNames.has(name)),
  };
};

/** The alerts one firing of a cron's schedule starts: the active ones of that cron (each evaluation checks its dates and filters itself). */
export const alertsOfCron = <T extends ScheduledAlert>(alerts: readonly T[], key: string): T[] =>
  alerts.filter((alert) => alert.active && cronKeyOf(alert) === key);
