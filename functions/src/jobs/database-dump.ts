import type { Context } from 'aws-lambda';
import { correlated } from '../logger';
import type { DatabaseDumpJob } from '../services/job-launcher';
import { runDatabaseDump } from '../services/database-dump-writer';

/** One database dump, started by GET /database/download; a failed dump is recorded failed (never retried: the user starts another). */
export const handler = correlated(
  (job: DatabaseDumpJob) => job.correlationId ?? job.jobId,
  async (job: DatabaseDumpJob, _context: Context | undefined): Promise<void> => {
    await runDatabaseDump(job);
  },
);
