import { listCustomers } from '../data/customer-repository';
import { moveLegacyFetchedDates } from '../data/fetched-dates-repository';
import { listTabs, unlistedTabIds } from '../data/dashboard-repository';
import { listLocations, moveLocationsStamp, unlistedLocationIds } from '../data/location-repository';
import { listNotifications, unlistedNotifications } from '../data/notification-repository';
import { migrationDoneFor, migrationProgress, recordMigrationDone, recordMigrationProgress } from '../data/migration-repository';
import { listSources, unlistedSourceIds } from '../data/source-repository';
import { listUsers, unlistedUserIds } from '../data/user-repository';
import { logger } from '../logger';
import { migrateAlertSchedules } from './alert-schedule-service';
import { rebuildMapSummaries } from './map-summary-rebuild';
import { packLegacyRawValues } from './raw-hour-migration';
import { migrateSourceSchedules } from './source-schedule-service';
import { backfillPointIndex, type BackfillPosition } from './point-index-backfill-service';

/**
 * The data migrations the deploy runs after the functions are updated (infra/deploy/deploy.ts
 * invokes the series jobs function with `{ kind: 'deploy_migrations' }` until it answers done):
 *
 * 1. **The lists of locations, users, tabs, sources and notifications** (issue 43): every location,
 *    tab and source gets its entry in its customer's list on GSI1 (`keys.locationInList`,
 *    `keys.tabInList`, `keys.sourceInList`), every
 *    notification in its user's (`keys.notificationInList`) and every customer user its entry in its
 *    customer's list of users (`keys.userListEntry`), which the writers keep from this version on.
 *    Customer after customer in id order; a customer is done when none of its locations or users
 *    lacks an entry (what is written is what a save writes: running it again changes nothing).
 * 2. **The points' search index** (`backfillPointIndex`, docs/architecture/point-search.md): every
 *    point's list order and search terms, where the last run stopped.
 * 3. **Maplytics' site summaries** (`rebuildMapSummaries`, docs/features/maplytics.md): each customer's
 *    sites' summaries and its alerts' index, customer after customer, once per summaries' version.
 * 4. **Raw values packed per point-hour** (`packLegacyRawValues`, issue 41, docs/architecture/series.md):
 *    every point's legacy raw items (one per value) into hour items, customer after customer; its
 *    progress and its end (`migratedAt`) are kept in the series table's `LAYOUT#raw` item, which the
 *    readers follow.
 * 5. **The alerts' schedules** (`migrateAlertSchedules`, issue 41): the per-alert schedules of older
 *    versions replaced by one per customer and cron; its progress is the schedules left (one
 *    ListSchedules call over migrated data).
 * 6. **The sources' fetch schedules** (`migrateSourceSchedules`, issue 41): the per-source schedules
 *    of older versions replaced by one per customer and fetch interval, the same way.
 * 7. **The locations' stamps moved once** (issue 43, `keys.locationsStamp`): a renewal may say a
 *    client's tree is unchanged from the stamp alone; the functions of the version before it wrote
 *    locations without moving it, up to the moment the deploy replaced them. Moved once every function
 *    is this version's, each customer's stamp names no tree read before.
 * 8. **The sources' fetched dates moved to their own partition** (issue 43, `keys.fetchedDates`,
 *    `moveLegacyFetchedDates`): from `C#<customer>` / `FETCHDATES#<source>` to
 *    `C#<customer>#FETCHDATES` / `<source>`, customer after customer, never moving a date back. The
 *    functions of this version serve while it runs (it runs once they are updated): until a
 *    customer's items are moved, its points answer their own items' dates (advanced once a UTC day),
 *    and a source deleted meanwhile reads and deletes its item at both keys.
 *
 * Each keeps its progress under `keys.migration(name)` and, once done, its marker: a deploy over
 * migrated data reads two items and stops. A run stops before `deadline` and answers not done; the
 * next run resumes.
 */
export const LIST_MIGRATION = 'location-user-lists';
export const POINT_INDEX_MIGRATION = 'point-index-backfill';
export const LOCATIONS_STAMP_MIGRATION = 'locations-stamp';
export const FETCHED_DATES_MIGRATION = 'fetched-dates-partition';
const DONE = 'v1';

export interface DeployMigrations {
  kind: 'deploy_migrations';
  correlationId?: string;
}

export const isDeployMigrations = (event: unknown): event is DeployMigrations =>
  typeof event === 'object' && event !== null && (event as { kind?: unknown }).kind === 'deploy_migrations';

export interface DeployMigrationsOutcome {
  done: boolean;
  /** Customers whose lists were checked in this run, and the entries written. */
  customers: number;
  /** Entries written in this run, by list. */
  listed: Listed;
  /** Points indexed in this run. */
  points: number;
  /** Maplytics' site summaries written in this run. */
  mapSites: number;
  /** Per-alert schedules replaced by their customers' schedules per cron in this run. */
  alertSchedules: number;
  /** Per-source schedules replaced by their customers' schedules per fetch interval in this run. */
  sourceSchedules: number;
  /** Legacy raw values packed into hour items in this run. */
  rawPacked: number;
  /** Customers whose locations' stamp was moved in this run. */
  locationStamps: number;
  /** Sources' fetched-dates items moved to their customers' own partitions in this run. */
  fetchedDates: number;
}

/** Entries written, by list. */
export interface Listed {
  locations: number;
  users: number;
  tabs: number;
  notifications: number;
  sources: number;
}
const LISTS = ['locations', 'users', 'tabs', 'notifications', 'sources'] as const;

/** Lists the customer's locations, users, tabs, notifications and sources that have no entry yet; answers how many of each. */
export const listCustomerEntities = async (customerId: string): Promise<Listed> => {
  const [locations, users, tabs, notifications, sources] = await Promise.all([
    unlistedLocationIds(customerId),
    unlistedUserIds(customerId),
    unlistedTabIds(customerId),
    unlistedNotifications(customerId),
    unlistedSourceIds(customerId),
  ]);
  await Promise.all([
    listLocations(customerId, locations),
    listUsers(customerId, users),
    listTabs(customerId, tabs),
    listNotifications(customerId, notifications),
    listSources(customerId, sources),
  ]);
  return { locations: locations.length, users: users.length, tabs: tabs.length, notifications: notifications.length, sources: sources.length };
};

const migrateLists = async (deadline: number, now: () => number, outcome: DeployMigrationsOutcome): Promise<boolean> => {
  if (await migrationDoneFor(LIST_MIGRATION)) return true;
  const after = (await migrationProgress<{ after: string | null }>(LIST_MIGRATION))?.after ?? null;
  const customers = (await listCustomers()).map((customer) => customer._id).sort();
  for (const customerId of customers) {
    if (after !== null && customerId <= after) continue;
    if (now() > deadline) return false;
    const listed = await listCustomerEntities(customerId);
    outcome.customers += 1;
    for (const list of LISTS) outcome.listed[list] += listed[list];
    await recordMigrationProgress(LIST_MIGRATION, { after: customerId });
  }
  await recordMigrationDone(LIST_MIGRATION, DONE);
  return true;
};

const backfillPoints = async (deadline: number, now: () => number, outcome: DeployMigrationsOutcome): Promise<boolean> => {
  if (await migrationDoneFor(POINT_INDEX_MIGRATION)) return true;
  const from = (await migrationProgress<{ from: BackfillPosition | null }>(POINT_INDEX_MIGRATION))?.from ?? null;
  const run = await backfillPointIndex({ kind: 'point_index_backfill', from, maxMs: Math.max(0, deadline - now()) }, now);
  outcome.points += run.points;
  if (run.next) {
    await recordMigrationProgress(POINT_INDEX_MIGRATION, { from: run.next });
    return false;
  }
  await recordMigrationDone(POINT_INDEX_MIGRATION, DONE);
  return true;
};

const rebuildMaps = async (deadline: number, outcome: DeployMigrationsOutcome): Promise<boolean> => {
  const run = await rebuildMapSummaries({ kind: 'map_summary_rebuild' }, deadline);
  outcome.mapSites += run.sitesWritten;
  return run.done;
};

const packRawValues = async (deadline: number, now: () => number, outcome: DeployMigrationsOutcome): Promise<boolean> => {
  const run = await packLegacyRawValues(deadline, now);
  outcome.rawPacked += run.packed;
  return run.done;
};

const replaceAlertSchedules = async (deadline: number, now: () => number, outcome: DeployMigrationsOutcome): Promise<boolean> => {
  const run = await migrateAlertSchedules(deadline, now);
  outcome.alertSchedules += run.replaced;
  return run.done;
};

const replaceSourceSchedules = async (deadline: number, now: () => number, outcome: DeployMigrationsOutcome): Promise<boolean> => {
  const run = await migrateSourceSchedules(deadline, now);
  outcome.sourceSchedules += run.replaced;
  return run.done;
};

const moveLocationsStamps = async (deadline: number, now: () => number, outcome: DeployMigrationsOutcome): Promise<boolean> => {
  if (await migrationDoneFor(LOCATIONS_STAMP_MIGRATION)) return true;
  const after = (await migrationProgress<{ after: string | null }>(LOCATIONS_STAMP_MIGRATION))?.after ?? null;
  for (const customerId of (await listCustomers()).map((customer) => customer._id).sort()) {
    if (after !== null && customerId <= after) continue;
    if (now() > deadline) return false;
    await moveLocationsStamp(customerId);
    outcome.locationStamps += 1;
    await recordMigrationProgress(LOCATIONS_STAMP_MIGRATION, { after: customerId });
  }
  await recordMigrationDone(LOCATIONS_STAMP_MIGRATION, DONE);
  return true;
};

const moveFetchedDates = async (deadline: number, now: () => number, outcome: DeployMigrationsOutcome): Promise<boolean> => {
  if (await migrationDoneFor(FETCHED_DATES_MIGRATION)) return true;
  const after = (await migrationProgress<{ after: string | null }>(FETCHED_DATES_MIGRATION))?.after ?? null;
  for (const customerId of (await listCustomers()).map((customer) => customer._id).sort()) {
    if (after !== null && customerId <= after) continue;
    if (now() > deadline) return false;
    outcome.fetchedDates += await moveLegacyFetchedDates(customerId);
    await recordMigrationProgress(FETCHED_DATES_MIGRATION, { after: customerId });
  }
  await recordMigrationDone(FETCHED_DATES_MIGRATION, DONE);
  return true;
};

export const runDeployMigrations = async (deadline: number, now: () => number = Date.now): Promise<DeployMigrationsOutcome> => {
  const outcome: DeployMigrationsOutcome = { done: false, customers: 0, listed: { locations: 0, users: 0, tabs: 0, notifications: 0, sources: 0 }, points: 0, mapSites: 0, rawPacked: 0, alertSchedules: 0, sourceSchedules: 0, locationStamps: 0, fetchedDates: 0 };
  // In this order: the summaries' rebuild reads the locations' and alerts' lists the first step fills.
  outcome.done =
    (await migrateLists(deadline, now, outcome)) &&
    (await backfillPoints(deadline, now, outcome)) &&
    (await rebuildMaps(deadline, outcome)) &&
    (await packRawValues(deadline, now, outcome)) &&
    (await replaceAlertSchedules(deadline, now, outcome)) &&
    (await replaceSourceSchedules(deadline, now, outcome)) &&
    (await moveLocationsStamps(deadline, now, outcome)) &&
    (await moveFetchedDates(deadline, now, outcome));
  logger.info(outcome.done ? 'deploy migrations done' : 'deploy migrations paused', { ...outcome });
  return outcome;
};
