import { installRelease } from '../services/application-service';

/**
 * Installs a vendor release (started by `forceUpdate`). Here it records the release and restarts
 * every function; on AWS the same job would start the release's deployment pipeline.
 */
export const handler = async (event: unknown): Promise<void> => {
  await installRelease(event);
};
