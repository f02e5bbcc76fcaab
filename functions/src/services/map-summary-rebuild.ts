import { indexAlertsOfCustomer } from '../data/alert-repository';
import { listCustomers } from '../data/customer-repository';
import { rebuildCustomerSummaries } from '../data/map-summary';
import { migrationDoneFor, migrationProgress, recordMigrationDone, recordMigrationProgress } from '../data/migration-repository';
import { listPointFactsOfCustomer } from '../data/point-repository';
import { logger } from '../logger';

/**
 * The rebuild of maplytics' site summaries (functions/src/data/map-summary.ts) from the points, for
 * customers whose points were written before the summaries existed (with their alerts' place on
 * GSI1, where the map reads them) (or by a version whose summaries
 * said something else: raise `MAP_SUMMARIES_VERSION` when what a summary holds changes). Run by the
 * deploy after the functions are updated, as the last of its data migrations (list-index-migration.ts), through
 * the series jobs function, until it answers done; `{ kind: 'map_summary_rebuild' }` runs it alone and `customerId` rebuilds one
 * customer whatever the progress. Idempotent (a site whose summary is right is not written) and
 * resumable: the customers done are kept in a migration item, a run stopped by its deadline is
 * resumed by the next.
 */
export const MAP_SUMMARIES_VERSION = 'v1';

export interface MapSummaryRebuild {
  kind: 'map_summary_rebuild';
  customerId?: string;
  correlationId?: string;
}

export const isMapSummaryRebuild = (event: unknown): event is MapSummaryRebuild =>
  typeof event === 'object' && event !== null && (event as { kind?: unknown }).kind === 'map_summary_rebuild';

/** The migration's name: its progress (the customers done, for a version) and, once done, the version done. */
const MIGRATION = 'map-summaries';

/** A customer's summaries, and its alerts' place on GSI1 (where the map reads them), for alerts written before. */
const rebuildCustomer = async (customerId: string): Promise<number> => {
  await indexAlertsOfCustomer(customerId);
  return rebuildCustomerSummaries(customerId, listPointFactsOfCustomer);
};

export const rebuildMapSummaries = async (request: MapSummaryRebuild, deadline: number): Promise<{ done: boolean; customersDone: number; sitesWritten: number }> => {
  if (request.customerId) {
    const sitesWritten = await rebuildCustomer(request.customerId);
    return { done: true, customersDone: 1, sitesWritten };
  }
  if ((await migrationDoneFor(MIGRATION)) === MAP_SUMMARIES_VERSION) return { done: true, customersDone: 0, sitesWritten: 0 };
  const progress = await migrationProgress<{ version?: string; customersDone?: string[] }>(MIGRATION);
  const done = new Set<string>(progress?.version === MAP_SUMMARIES_VERSION && Array.isArray(progress.customersDone) ? progress.customersDone : []);
  let sitesWritten = 0;
  for (const customer of await listCustomers()) {
    if (done.has(customer._id)) continue;
    if (Date.now() > deadline) {
      logger.info('map summaries rebuild paused', { customersDone: done.size });
      return { done: false, customersDone: done.size, sitesWritten };
    }
    const written = await rebuildCustomer(customer._id);
    sitesWritten += written;
    done.add(customer._id);
    await recordMigrationProgress(MIGRATION, { version: MAP_SUMMARIES_VERSION, customersDone: [...done] });
    logger.info('map summaries rebuilt', { customer: customer._id, sitesWritten: written });
  }
  await recordMigrationDone(MIGRATION, MAP_SUMMARIES_VERSION);
  return { done: true, customersDone: done.size, sitesWritten };
};
