import type { Context } from 'aws-lambda';
import type { FileImportJob } from '../services/file-intake';
import { runFileImport } from '../services/file-import-service';
import { correlated } from '../logger';

/** One meter file imported per invocation (started by `startImport`, or continuing itself near its time limit). */
export const handler = correlated(
  (job: FileImportJob) => job.correlationId,
  async (job: FileImportJob, context: Context): Promise<void> => {
    await runFileImport(job, { deadline: Date.now() + context.getRemainingTimeInMillis() });
  },
);
