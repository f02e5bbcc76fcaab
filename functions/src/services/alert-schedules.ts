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

/**
 * The alerts one job of a firing carries at most (docs/architecture/fair-work.md, "A firing's
 * alerts in chunks"). A job's lane writes (its put, its claim, its release: ≈ 7 write units) are
 * then paid per chunk, not per alert. Sized from one evaluation's duration: ≈ 0.23 s measured
 * (fired and e-mailed, alerts.test.ts's chunk run), a chunk of 25 takes ≈ 6 s and a turn gets that
 * much coarser; even at 2 s an evaluation (a slow series read) it ends within 50 s: inside the
 * worker's last minute (it takes no job with less left) and far inside the alert queue's 5-minute
 * lease. Its ids (`alr-<uuid>`, 40 characters) keep the job's item under 2 KB.
 */
export const ALERT_CHUNK_SIZE = 25;

/**
 * A firing's alerts in chunks: as few as `size` allows, of sizes differing by one at most (40
 * alerts are two chunks of 20, both taken at once within the customer's cap of 2), sorted by id so
 * that the same firing read twice makes the same chunks.
 */
export const alertChunks = (alertIds: readonly string[], size: number = ALERT_CHUNK_SIZE): string[][] => {
  const sorted = [...new Set(alertIds)].sort();
  const count = Math.ceil(sorted.length / size);
  const chunks: string[][] = [];
  let start = 0;
  for (let index = 0; index < count; index += 1) {
    const length = Math.floor(sorted.length / count) + (index < sorted.length % count ? 1 : 0);
    chunks.push(sorted.slice(start, start + length));
    start += length;
  }
  return chunks;
};

/**
 * The name of a firing's chunk in the customer's lane, which is also its order there: the firing
 * time first (the lane's oldest first), then the cron and the chunk's index. A firing delivered twice
 * names the same jobs, so a job still waiting is not put again.
 */
export const alertChunkOrder = (firedAt: number, cronKey: string, index: number): string =>
  `${String(firedAt).padStart(15, '0')}#${cronKey}#${String(index).padStart(3, '0')}`;
