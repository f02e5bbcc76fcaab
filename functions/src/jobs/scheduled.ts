import type { ScheduledTarget } from '../services/schedule-service';
import { runScheduledJob } from '../services/scheduled-job-service';

/** The target of every EventBridge Scheduler schedule: `{ kind, id, customerId }` (runners in services/scheduled-job-service). */
export const handler = async (target: ScheduledTarget): Promise<unknown> => runScheduledJob(target);
