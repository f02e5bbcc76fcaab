import type { Context } from 'aws-lambda';
import type { ScheduledTarget } from '../services/schedule-service';
import { runScheduledJob } from '../services/scheduled-job-service';
import { correlated } from '../logger';

/** The target of every EventBridge Scheduler schedule: `{ kind, id, customerId }` (runners in services/scheduled-job-service). */
export const handler = correlated(
  // The schedule's execution id (Scheduler fills `<aws.scheduler.execution-id>` in), or the id of the request that ran it now.
  (target: ScheduledTarget) => target.correlationId,
  (target: ScheduledTarget, _context: Context | undefined): Promise<unknown> => runScheduledJob(target),
);
