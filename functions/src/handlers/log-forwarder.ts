import { describeError, logger, withUsage } from '../logger';
import { forwardLogs, type AwsLogsEvent } from '../services/live-logs-service';

/** The Lambda destination of every function's log subscription: lines go live to the logs screen. */
export const handler = (event: AwsLogsEvent): Promise<void> =>
  withUsage(async () => {
    try {
      await forwardLogs(event);
    } catch (error) {
      // Its own log group has no subscription: this line cannot feed back into the forwarder.
      logger.error('log lines not forwarded', describeError(error));
    }
  });
