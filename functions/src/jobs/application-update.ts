import { runApplicationJob } from '../services/application-service';

/**
 * The application job (started by a restart or `forceUpdate`): restarts every function, after
 * installing a vendor release for an update; on AWS an update would start its deployment pipeline.
 */
export const handler = async (event: unknown): Promise<void> => {
  await runApplicationJob(event);
};
