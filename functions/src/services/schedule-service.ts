import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  ListSchedulesCommand,
  ResourceNotFoundException,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { requireSetting } from '../config';
import { scheduler } from '../clients/scheduler';
import { migrationDoneFor, recordMigrationDone } from '../data/migration-repository';

/**
 * What a schedule runs: the scheduled-jobs function is invoked with this object (DESIGN "Scheduled work").
 * `outbox` is the deployment's one outbox sweep (its schedule is made by the stack, for no customer).
 */
export interface ScheduledTarget {
  kind: 'ftp' | 'source' | 'sources' | 'alert' | 'alerts' | 'reminder' | 'subscription' | 'outbox';
  id: string;
  customerId: string;
  /** The schedule's execution id (filled in by Scheduler), or the request's that ran the job at once. */
  correlationId?: string;
  /** When the schedule fired (ms), for a job that waited its turn in a fair queue: it runs for that due time. */
  firedAt?: number;
}

/**
 * The kinds whose schedules send their target to the scheduled-work queue (SQS) rather than
 * invoking the jobs function: their runs are then taken in turn per customer
 * (services/fair-work-service, docs/architecture/fair-work.md).
 */
export const QUEUED_KINDS = new Set<ScheduledTarget['kind']>(['alert', 'alerts', 'subscription']);

/** Scheduler's context attribute for one execution of a schedule, put in the input it sends. */
const SCHEDULE_EXECUTION_ID = '<aws.scheduler.execution-id>';

/**
 * One schedule per entity, named by its id (ids are server-made and unique across customers); the
 * alerts' schedules are one per customer and cron (`alerts`, services/alert-schedules.ts), named by
 * the customer and the cron's key, and the sources' fetches one per customer and fetch interval
 * (`sources`, services/source-schedules.ts), named by the customer and the interval in minutes (a
 * customer's are listed by that prefix).
 */
export const scheduleName = (target: ScheduledTarget): string =>
  target.kind === 'alerts'
    ? `${alertSchedulesPrefix(target.customerId)}${target.id}`
    : target.kind === 'sources'
      ? `${sourceSchedulesPrefix(target.customerId)}${target.id}`
      : `${target.kind}-${target.id}`;

/** What the names of a customer's alert schedules start with. */
export const alertSchedulesPrefix = (customerId: string): string => `alerts-${customerId}-`;

/** What the names of a customer's source fetch schedules (one per interval) start with. */
export const sourceSchedulesPrefix = (customerId: string): string => `sources-${customerId}-`;

/**
 * When a schedule fires: an EventBridge Scheduler expression (`rate(15 minutes)`,
 * `cron(0 8 ? * MON-FRI *)`, `at(2026-12-01T08:00:00)`), read in `timezone` (IANA) when given,
 * only between `start` and `end` when given.
 */
export interface ScheduleTiming {
  expression: string;
  timezone?: string;
  start?: Date;
  end?: Date;
  enabled: boolean;
}

/** What a schedule sends its target (the jobs function, or the scheduled-work queue) when it fires. */
export const scheduleTargetInput = (target: ScheduledTarget): string =>
  JSON.stringify({ kind: target.kind, id: target.id, customerId: target.customerId, correlationId: SCHEDULE_EXECUTION_ID } satisfies ScheduledTarget);

const scheduleInput = (target: ScheduledTarget, timing: ScheduleTiming, targetArn?: string) => ({
  Name: scheduleName(target),
  ScheduleExpression: timing.expression,
  ...(timing.timezone ? { ScheduleExpressionTimezone: timing.timezone } : {}),
  ...(timing.start ? { StartDate: timing.start } : {}),
  ...(timing.end ? { EndDate: timing.end } : {}),
  State: timing.enabled ? ('ENABLED' as const) : ('DISABLED' as const),
  FlexibleTimeWindow: { Mode: 'OFF' as const },
  Target: {
    // A deployment without the queue (an older stack) keeps invoking the function.
    // A function that may not name the jobs function in its settings (the jobs functions themselves) gives the target it read off an existing schedule.
    Arn: targetArn ?? (QUEUED_KINDS.has(target.kind) && process.env.SCHEDULED_WORK_QUEUE_ARN ? process.env.SCHEDULED_WORK_QUEUE_ARN : requireSetting('SCHEDULED_JOBS_FUNCTION_ARN')),
    RoleArn: requireSetting('SCHEDULER_ROLE_ARN'),
    Input: scheduleTargetInput(target),
    // A target that cannot be invoked is tried twice more within the hour (jobs are idempotent), then left in the dead-letter queue.
    RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 },
    ...(process.env.SCHEDULES_DEAD_LETTER_ARN ? { DeadLetterConfig: { Arn: process.env.SCHEDULES_DEAD_LETTER_ARN } } : {}),
  },
});

/**
 * Creates or replaces the schedule of an entity (a disabled entity keeps a disabled schedule).
 * Idempotent: called again with the same values it leaves one schedule with those values.
 * `targetArn`: what it invokes, when not the function or queue the settings name.
 */
export const putSchedule = async (
  target: ScheduledTarget,
  timing: ScheduleTiming,
  { exists = false, targetArn }: { exists?: boolean; targetArn?: string } = {},
): Promise<void> => {
  const input = scheduleInput(target, timing, targetArn);
  // One known to exist is updated (one call); one gone meanwhile is made again.
  if (exists) {
    try {
      await scheduler.send(new UpdateScheduleCommand(input));
      return;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
  }
  try {
    await scheduler.send(new CreateScheduleCommand(input));
  } catch (error) {
    if (!(error instanceof ConflictException)) throw error;
    await scheduler.send(new UpdateScheduleCommand(input));
  }
};

/** The Scheduler expression of a schedule every `everyMinutes` minutes. */
export const rateExpression = (everyMinutes: number): string => `rate(${everyMinutes} ${everyMinutes === 1 ? 'minute' : 'minutes'})`;

/** A schedule every `everyMinutes` minutes (FTP retrievers, a customer's source fetches of one interval). */
export const putRecurringSchedule = (target: ScheduledTarget, everyMinutes: number, enabled: boolean, options: { targetArn?: string } = {}): Promise<void> =>
  putSchedule(target, { expression: rateExpression(everyMinutes), enabled }, options);

/** Removes an entity's schedule; already gone is fine. */
export const removeSchedule = (target: ScheduledTarget): Promise<void> => removeScheduleNamed(scheduleName(target));

/** Removes a schedule by its name; already gone is fine. */
export const removeScheduleNamed = async (name: string): Promise<void> => {
  try {
    await scheduler.send(new DeleteScheduleCommand({ Name: name }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
};

/** The names of the schedules (default group) starting with `prefix`, every page. */
export const scheduleNamesStartingWith = async (prefix: string): Promise<string[]> => {
  const names: string[] = [];
  let NextToken: string | undefined;
  do {
    const page = await scheduler.send(new ListSchedulesCommand({ NamePrefix: prefix, NextToken, MaxResults: 100 }));
    NextToken = page.NextToken;
    for (const summary of page.Schedules ?? []) if (summary.Name?.startsWith(prefix)) names.push(summary.Name);
  } while (NextToken);
  return names;
};

/** What a schedule invokes (its target's ARN) and sends it (its input); null when it is gone. */
export const scheduleTargetOf = async (name: string): Promise<{ arn: string; input: string | null } | null> => {
  try {
    const target = (await scheduler.send(new GetScheduleCommand({ Name: name }))).Target;
    return target?.Arn ? { arn: target.Arn, input: target.Input ?? null } : null;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return null;
    throw error;
  }
};

/** The customer a schedule's input names (undefined when it is not a target's JSON). */
const customerOfInput = (input: string): string | undefined => {
  try {
    const customerId = (JSON.parse(input) as Partial<ScheduledTarget>).customerId;
    return typeof customerId === 'string' && customerId !== '' ? customerId : undefined;
  } catch {
    return undefined;
  }
};

/**
 * A deploy's step replacing the per-entity schedules of older versions (named `prefix…`) by their
 * customers' shared schedules (alerts per cron, sources per interval). For each one left: its
 * customer's schedules are set by `syncCustomer` (once per run and customer, given what the old one
 * invoked), then it is removed, so no firing is lost between the two. Its progress is the schedules
 * themselves (each removed once replaced): a run stopped by its deadline resumes with what is left,
 * and over migrated data a run is one ListSchedules call. The listing is taken again until it is
 * empty (a listing may hold a page only: the emulator answers 100 at most, without a next page).
 * Answers how many were replaced and whether none is left.
 */
export const replaceLegacySchedules = async (
  prefix: string,
  syncCustomer: (customerId: string, target: { arn: string }) => Promise<unknown>,
  deadline: number,
  now: () => number,
): Promise<{ done: boolean; replaced: number }> => {
  const synced = new Set<string>();
  let replaced = 0;
  for (;;) {
    const names = await scheduleNamesStartingWith(prefix);
    if (names.length === 0) return { done: true, replaced };
    for (const name of names) {
      if (now() > deadline) return { done: false, replaced };
      const target = await scheduleTargetOf(name);
      const customerId = target?.input ? customerOfInput(target.input) : undefined;
      if (target && customerId && !synced.has(customerId)) {
        await syncCustomer(customerId, { arn: target.arn });
        synced.add(customerId);
      }
      await removeScheduleNamed(name);
      replaced += 1;
    }
  }
};

/**
 * Moves an existing schedule to a new time, keeping its target: what a job does for the next
 * occurrence of its own entity (the jobs function cannot name itself in its own settings).
 * False when the schedule is gone (its entity was deleted meanwhile).
 */
export const moveSchedule = async (target: ScheduledTarget, timing: ScheduleTiming): Promise<boolean> => {
  let existing;
  try {
    existing = await scheduler.send(new GetScheduleCommand({ Name: scheduleName(target) }));
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return false;
    throw error;
  }
  if (!existing.Target) return false;
  await scheduler.send(
    new UpdateScheduleCommand({
      Name: scheduleName(target),
      ScheduleExpression: timing.expression,
      ...(timing.timezone ? { ScheduleExpressionTimezone: timing.timezone } : {}),
      ...(timing.start ? { StartDate: timing.start } : {}),
      ...(timing.end ? { EndDate: timing.end } : {}),
      State: timing.enabled ? 'ENABLED' : 'DISABLED',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: existing.Target,
    }),
  );
  return true;
};

/**
 * Schedules made before their kind was queued (QUEUED_KINDS) still invoke the jobs function,
 * which runs them at once, outside the turns, until their entity is saved again. This moves them
 * to the scheduled-work queue, keeping all else (time, zone, state, input, retries): once per
 * queue (a marker records the queue done), by the outbox sweep that every deployment has, so the
 * first sweep after a deploy (within 5 minutes) moves them. Answers how many were moved.
 */
export const retargetQueuedSchedules = async (queueArn = process.env.SCHEDULED_WORK_QUEUE_ARN): Promise<number> => {
  const MIGRATION = 'schedules-to-scheduled-work-queue';
  if (!queueArn || (await migrationDoneFor(MIGRATION)) === queueArn) return 0;
  let moved = 0;
  for (const kind of QUEUED_KINDS) {
    let NextToken: string | undefined;
    do {
      const page = await scheduler.send(new ListSchedulesCommand({ NamePrefix: `${kind}-`, NextToken, MaxResults: 100 }));
      NextToken = page.NextToken;
      for (const summary of page.Schedules ?? []) {
        if (!summary.Name || summary.Target?.Arn === queueArn) continue;
        let existing;
        try {
          existing = await scheduler.send(new GetScheduleCommand({ Name: summary.Name, GroupName: summary.GroupName }));
        } catch (error) {
          if (error instanceof ResourceNotFoundException) continue;
          throw error;
        }
        if (!existing.Target || existing.Target.Arn === queueArn || !existing.ScheduleExpression || !existing.FlexibleTimeWindow) continue;
        await scheduler.send(
          new UpdateScheduleCommand({
            Name: existing.Name,
            GroupName: existing.GroupName,
            ScheduleExpression: existing.ScheduleExpression,
            ScheduleExpressionTimezone: existing.ScheduleExpressionTimezone,
            StartDate: existing.StartDate,
            EndDate: existing.EndDate,
            Description: existing.Description,
            State: existing.State,
            FlexibleTimeWindow: existing.FlexibleTimeWindow,
            ActionAfterCompletion: existing.ActionAfterCompletion,
            Target: { ...existing.Target, Arn: queueArn },
          }),
        );
        moved += 1;
      }
    } while (NextToken);
  }
  await recordMigrationDone(MIGRATION, queueArn);
  return moved;
};
