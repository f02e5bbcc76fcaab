import type { DatabaseDumpJob } from '../services/job-launcher';
import { runDatabaseDump } from '../services/database-dump-writer';

/** One database dump, started by GET /database/download; a failed dump is recorded failed (never retried: the user starts another). */
export const handler = async (job: DatabaseDumpJob): Promise<void> => {
  await runDatabaseDump(job);
};
