import type { LaunchedJob } from '../services/job-launcher';
import { runSeriesJob } from '../services/series-job-service';

/** Long series work started by the API or the stream: calculations, merges, purges, conversions. */
export const handler = async (job: LaunchedJob): Promise<void> => {
  await runSeriesJob(job);
};
