import type { Context } from 'aws-lambda';
import type { LaunchedJob } from '../services/job-launcher';
import { runSeriesJob } from '../services/series-job-service';
import { correlated } from '../logger';

/** Long series work started by the API or the stream: calculations, merges, purges, conversions. */
export const handler = correlated(
  (job: LaunchedJob) => job.correlationId ?? job.jobId,
  async (job: LaunchedJob, _context: Context | undefined): Promise<void> => {
    await runSeriesJob(job);
  },
);
