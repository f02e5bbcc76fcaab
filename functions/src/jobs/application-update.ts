import type { Context } from 'aws-lambda';
import { runApplicationJob } from '../services/application-service';
import { correlated } from '../logger';

/**
 * The application job (started by a restart or `forceUpdate`): restarts every function, after
 * installing a vendor release for an update; on AWS an update would start its deployment pipeline.
 */
export const handler = correlated(
  (event: unknown) => (event as { correlationId?: unknown } | null)?.correlationId,
  async (event: unknown, _context: Context | undefined): Promise<void> => {
    await runApplicationJob(event);
  },
);
