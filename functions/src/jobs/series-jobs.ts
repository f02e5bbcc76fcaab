import type { Context } from 'aws-lambda';
import type { LaunchedJob } from '../services/job-launcher';
import { backfillPointIndex, isPointIndexBackfill, type BackfillOutcome, type PointIndexBackfill } from '../services/point-index-backfill-service';
import { runSeriesJob } from '../services/series-job-service';
import { correlated } from '../logger';

/** A run leaves this much of the function's time unused (its last page's writes). */
const BACKFILL_MARGIN_MS = 30_000;

/**
 * Long series work started by the API or the stream: calculations, merges, purges, conversions.
 * Also the search index's backfill (`{ kind: 'point_index_backfill' }`), invoked on demand and
 * answering where the next run starts.
 */
export const handler = correlated(
  (job: LaunchedJob | PointIndexBackfill) => ('jobId' in job ? (job.correlationId ?? job.jobId) : undefined),
  async (job: LaunchedJob | PointIndexBackfill, context: Context | undefined): Promise<void | BackfillOutcome> => {
    if (isPointIndexBackfill(job)) {
      const left = context?.getRemainingTimeInMillis ? context.getRemainingTimeInMillis() - BACKFILL_MARGIN_MS : Number.POSITIVE_INFINITY;
      return backfillPointIndex({ ...job, maxMs: Math.max(1_000, Math.min(job.maxMs ?? 60_000, left)) });
    }
    await runSeriesJob(job);
  },
);
