import * as z from 'zod';
import { releaseManifest } from '../clients/vendor-service';
import { setApplicationState } from '../data/application-repository';
import { describeError, logger } from '../logger';
import { restartApplication } from '../services/application-service';

const updateJobSchema = z.object({ version: z.string().min(1), requestedBy: z.string().nullable() });

/**
 * Installs a release of the vendor. Here (the emulator) the release is its manifest: the job
 * reads it from the vendor service, records its version as installed and restarts every function.
 * On AWS the same job would start the deployment pipeline of that release (CodePipeline), whose
 * last stage records the installed version and restarts the functions the same way.
 */
export const handler = async (event: unknown): Promise<void> => {
  const job = updateJobSchema.parse(event);
  try {
    const manifest = await releaseManifest(job.version);
    await setApplicationState({ installed_version: manifest.version, wanted_version: null, update_state: 'idle' });
    await restartApplication(null);
    logger.info('application updated', { version: manifest.version, requestedBy: job.requestedBy });
  } catch (error) {
    await setApplicationState({ update_state: 'failed' });
    logger.error('application update failed', { version: job.version, ...describeError(error) });
  }
};
