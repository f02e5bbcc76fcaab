import { ConflictException, CreateScheduleCommand, DeleteScheduleCommand, ResourceNotFoundException, UpdateScheduleCommand } from '@aws-sdk/client-scheduler';
import { requireSetting } from '../config';
import { scheduler } from '../clients/scheduler';

/** What a schedule runs: the scheduled-jobs function is invoked with this object (DESIGN "Scheduled work"). */
export interface ScheduledTarget {
  kind: 'ftp' | 'source';
  id: string;
  customerId: string;
}

/** One schedule per entity, named by its id (ids are server-made and unique across customers). */
export const scheduleName = (target: ScheduledTarget): string => `${target.kind}-${target.id}`;

const scheduleInput = (target: ScheduledTarget, everyMinutes: number, enabled: boolean) => ({
  Name: scheduleName(target),
  ScheduleExpression: `rate(${everyMinutes} ${everyMinutes === 1 ? 'minute' : 'minutes'})`,
  State: enabled ? ('ENABLED' as const) : ('DISABLED' as const),
  FlexibleTimeWindow: { Mode: 'OFF' as const },
  Target: {
    Arn: requireSetting('SCHEDULED_JOBS_FUNCTION_ARN'),
    RoleArn: requireSetting('SCHEDULER_ROLE_ARN'),
    Input: JSON.stringify({ kind: target.kind, id: target.id, customerId: target.customerId } satisfies ScheduledTarget),
    RetryPolicy: { MaximumRetryAttempts: 0 },
  },
});

/**
 * Creates or replaces the recurring schedule of an entity (every `everyMinutes` minutes; a
 * disabled entity keeps a disabled schedule). Idempotent: called again with the same values it
 * leaves one schedule with those values.
 */
export const putRecurringSchedule = async (target: ScheduledTarget, everyMinutes: number, enabled: boolean): Promise<void> => {
  const input = scheduleInput(target, everyMinutes, enabled);
  try {
    await scheduler.send(new CreateScheduleCommand(input));
  } catch (error) {
    if (!(error instanceof ConflictException)) throw error;
    await scheduler.send(new UpdateScheduleCommand(input));
  }
};

/** Removes an entity's schedule; already gone is fine. */
export const removeSchedule = async (target: ScheduledTarget): Promise<void> => {
  try {
    await scheduler.send(new DeleteScheduleCommand({ Name: scheduleName(target) }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
};
