import type { Context } from 'aws-lambda';
import type { LaunchedJob } from '../services/job-launcher';
import { migrateRollupPacks } from '../services/rollup-pack-migration';
import { runSeriesJob } from '../services/series-job-service';
import { correlated } from '../logger';

/** The rollup packs' migration to the small packs (see rollup-pack-migration.ts), invoked by the deploy tool until it answers done. */
export interface RollupPackMigrationJob {
  kind: 'rollup_pack_migration';
  correlationId?: string;
}

/** Time kept for the customer under way when the migration's deadline comes. */
const MIGRATION_MARGIN_MS = 3 * 60_000;

/** Long series work started by the API or the stream: calculations, merges, purges, conversions; and the rollup packs' migration. */
export const handler = correlated(
  (job: LaunchedJob | RollupPackMigrationJob) => job.correlationId ?? ('jobId' in job ? job.jobId : job.kind),
  async (job: LaunchedJob | RollupPackMigrationJob, context: Context | undefined): Promise<unknown> => {
    if (job.kind === 'rollup_pack_migration') {
      const remaining = context?.getRemainingTimeInMillis?.() ?? 15 * 60_000;
      return migrateRollupPacks(Date.now() + Math.max(remaining - MIGRATION_MARGIN_MS, 0));
    }
    await runSeriesJob(job);
    return undefined;
  },
);
