import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetScheduleCommand, ListSchedulesCommand, ResourceNotFoundException, SchedulerClient } from '@aws-sdk/client-scheduler';
import { alertCronKey } from '../../functions/src/services/alert-schedules';
import { testEnvironment } from './environment';

const clientOptions = () => ({
  endpoint: testEnvironment().endpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
});

/** The kinds of entity that have a schedule (functions/src/services/schedule-service.ts). */
export type ScheduledKind = 'ftp' | 'source' | 'sources' | 'alert' | 'alerts' | 'reminder' | 'subscription';

let lambda: LambdaClient | undefined;
let scheduler: SchedulerClient | undefined;

/** Runs the scheduled-jobs function as EventBridge Scheduler would (or a fair-queue worker, for a chunk of a firing's alerts), and answers what it returned. */
export const runScheduledJob = async <T = unknown>(
  target: { kind: ScheduledKind; id: string; customerId: string; firedAt?: number } | { kind: 'alert-chunk'; id: string; customerId: string; firedAt: number; alerts: string[] },
): Promise<T> => {
  lambda ??= new LambdaClient(clientOptions());
  const answer = await lambda.send(
    new InvokeCommand({ FunctionName: testEnvironment().scheduledJobsFunctionName, Payload: new TextEncoder().encode(JSON.stringify(target)) }),
  );
  const text = new TextDecoder().decode(answer.Payload);
  if (answer.FunctionError) throw new Error(`Scheduled job failed: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
};

/** Runs the outbox sweep as its schedule would (`{ kind: 'outbox' }`), and answers what it sent and what failed. */
export const runOutboxSweep = async (): Promise<{ sent: number; failed: number }> => {
  lambda ??= new LambdaClient(clientOptions());
  const answer = await lambda.send(
    new InvokeCommand({
      FunctionName: testEnvironment().scheduledJobsFunctionName,
      Payload: new TextEncoder().encode(JSON.stringify({ kind: 'outbox', id: 'sweep', customerId: '' })),
    }),
  );
  const text = new TextDecoder().decode(answer.Payload);
  if (answer.FunctionError) throw new Error(`Outbox sweep failed: ${text}`);
  return JSON.parse(text) as { sent: number; failed: number };
};

/** A schedule by its name, or null when there is none. */
export const scheduleNamed = async (name: string) => {
  scheduler ??= new SchedulerClient(clientOptions());
  try {
    return await scheduler.send(new GetScheduleCommand({ Name: name }));
  } catch (error) {
    if (error instanceof ResourceNotFoundException || (error as { name?: string }).name === 'ResourceNotFoundException') return null;
    throw error;
  }
};

/** The schedule of an entity (`<kind>-<id>`), or null when there is none. */
export const scheduleOf = (kind: ScheduledKind, id: string) => scheduleNamed(`${kind}-${id}`);

/** The name of a customer's schedule of an alert cron (functions/src/services/alert-schedules.ts). */
export const alertScheduleName = (customerId: string, expression: string, timezone: string) => `alerts-${customerId}-${alertCronKey(expression, timezone)}`;

/** A customer's schedule of an alert cron (Scheduler expression and zone), or null when there is none. */
export const alertScheduleOf = (customerId: string, expression: string, timezone: string) => scheduleNamed(alertScheduleName(customerId, expression, timezone));

/** The names of a customer's alert schedules (one per cron), sorted. */
export const alertSchedulesOf = async (customerId: string): Promise<string[]> => {
  scheduler ??= new SchedulerClient(clientOptions());
  const names: string[] = [];
  let NextToken: string | undefined;
  do {
    const page = await scheduler.send(new ListSchedulesCommand({ NamePrefix: `alerts-${customerId}-`, NextToken }));
    NextToken = page.NextToken;
    names.push(...(page.Schedules ?? []).map((summary) => summary.Name!).filter((name) => /^[0-9a-f]{12}$/.test(name.slice(`alerts-${customerId}-`.length))));
  } while (NextToken);
  return names.sort();
};

/** The name of a customer's schedule of the sources fetched every `interval` minutes (functions/src/services/source-schedules.ts). */
export const sourceScheduleName = (customerId: string, interval: number) => `sources-${customerId}-${interval}`;

/** The names of a customer's source fetch schedules (one per interval), sorted. */
export const sourceSchedulesOf = async (customerId: string): Promise<string[]> => {
  scheduler ??= new SchedulerClient(clientOptions());
  const prefix = `sources-${customerId}-`;
  const names: string[] = [];
  let NextToken: string | undefined;
  do {
    const page = await scheduler.send(new ListSchedulesCommand({ NamePrefix: prefix, NextToken }));
    NextToken = page.NextToken;
    names.push(...(page.Schedules ?? []).map((summary) => summary.Name!).filter((name) => /^[1-9]\d*$/.test(name.slice(prefix.length))));
  } while (NextToken);
  return names.sort();
};
