import type { Context } from 'aws-lambda';
import { handleScheduledEvent, type ScheduledEvent } from '../services/scheduled-job-service';
import { correlated } from '../logger';

/**
 * The jobs function of scheduled work: a schedule's target `{ kind, id, customerId }`, a batch of
 * the scheduled-work queue, or a fair-queue worker `{ kind: 'drain', queue }` (services/scheduled-job-service).
 */
export const handler = correlated(
  // The schedule's execution id (Scheduler fills `<aws.scheduler.execution-id>` in), or the id of the request that ran it now.
  (event: ScheduledEvent) => ('Records' in event ? undefined : event.correlationId),
  (event: ScheduledEvent, context: Context | undefined): Promise<unknown> => handleScheduledEvent(event, context?.getRemainingTimeInMillis() ?? 15 * 60_000),
);
