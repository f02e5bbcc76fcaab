import type { Context } from 'aws-lambda';
import { runSeriesWork, type SeriesWork } from '../services/series-job-service';
import { correlated } from '../logger';

/**
 * Long series work started by the API or the stream (calculations, merges, purges, conversions),
 * the rollup packs' migration the deploy runs, and the search index's backfill run on demand.
 */
export const handler = correlated(
  (job: SeriesWork) => job.correlationId ?? ('jobId' in job ? job.jobId : job.kind),
  (job: SeriesWork, context: Context | undefined): Promise<unknown> => runSeriesWork(job, context?.getRemainingTimeInMillis?.()),
);
