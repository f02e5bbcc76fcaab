import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetScheduleCommand, ResourceNotFoundException, SchedulerClient } from '@aws-sdk/client-scheduler';
import { testEnvironment } from './environment';

const clientOptions = () => ({
  endpoint: testEnvironment().endpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
});

/** The kinds of entity that have a schedule (functions/src/services/schedule-service.ts). */
export type ScheduledKind = 'ftp' | 'source' | 'alert' | 'reminder' | 'subscription';

let lambda: LambdaClient | undefined;
let scheduler: SchedulerClient | undefined;

/** Runs the scheduled-jobs function as EventBridge Scheduler would, and answers what it returned. */
export const runScheduledJob = async <T = unknown>(target: { kind: ScheduledKind; id: string; customerId: string }): Promise<T> => {
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

/** The schedule of an entity (`<kind>-<id>`), or null when there is none. */
export const scheduleOf = async (kind: ScheduledKind, id: string) => {
  scheduler ??= new SchedulerClient(clientOptions());
  try {
    return await scheduler.send(new GetScheduleCommand({ Name: `${kind}-${id}` }));
  } catch (error) {
    if (error instanceof ResourceNotFoundException || (error as { name?: string }).name === 'ResourceNotFoundException') return null;
    throw error;
  }
};
