import type { Context } from 'aws-lambda';
import type { FileImportJob } from '../services/file-intake';
import { runFileImport } from '../services/file-import-service';
import { drainFairly, isDrainRequest, type DrainRequest } from '../services/fair-work-service';
import { correlated } from '../logger';

/**
 * A worker of the import lanes (`{ kind: 'drain', queue: 'import' }`, started by `startImport`):
 * imports files in turn per customer; or one meter file (a file continuing itself near its time
 * limit, or a job given directly).
 */
export const handler = correlated(
  (event: FileImportJob | DrainRequest) => event.correlationId,
  async (event: FileImportJob | DrainRequest, context: Context): Promise<void> => {
    const deadline = Date.now() + context.getRemainingTimeInMillis();
    if (isDrainRequest(event)) {
      if (event.queue === 'import') await drainFairly<FileImportJob>('import', (job) => runFileImport(job, { deadline }), deadline);
      return;
    }
    await runFileImport(event, { deadline });
  },
);
