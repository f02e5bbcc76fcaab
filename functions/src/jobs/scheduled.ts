import type { Context } from 'aws-lambda';
import type { ScheduledTarget } from '../services/schedule-service';
import { isDrainRequest, type DrainRequest } from '../services/fair-work-service';
import { drainScheduledWork, runScheduledJob, takeScheduledWork, type ScheduledWorkRecord } from '../services/scheduled-job-service';
import { correlated } from '../logger';

/** What the scheduled-work queue's event source mapping delivers. */
interface QueueEvent {
  Records: ScheduledWorkRecord[];
}

type ScheduledEvent = ScheduledTarget | DrainRequest | QueueEvent;

const isQueueEvent = (event: ScheduledEvent): event is QueueEvent => Array.isArray((event as QueueEvent).Records);

/**
 * The jobs function of scheduled work (runners in services/scheduled-job-service):
 * - `{ kind, id, customerId }`: a schedule's target (FTP retrievals, sources, reminders, the outbox sweep), run at once;
 * - a batch of the scheduled-work queue (alerts and subscriptions): put in their customers' lanes, workers started;
 * - `{ kind: 'drain', queue }`: a worker taking that queue's jobs in turn per customer.
 */
export const handler = correlated(
  // The schedule's execution id (Scheduler fills `<aws.scheduler.execution-id>` in), or the id of the request that ran it now.
  (event: ScheduledEvent) => (isQueueEvent(event) ? undefined : event.correlationId),
  (event: ScheduledEvent, context: Context | undefined): Promise<unknown> => {
    if (isQueueEvent(event)) return takeScheduledWork(event.Records);
    if (isDrainRequest(event)) return drainScheduledWork(event.queue, Date.now() + (context?.getRemainingTimeInMillis() ?? 15 * 60_000));
    return runScheduledJob(event as ScheduledTarget);
  },
);
