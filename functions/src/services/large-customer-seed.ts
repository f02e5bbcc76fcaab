import { DEFAULT_PERMISSIONS } from '@shared/permissions/default-permissions';
import type { Point } from '@shared/schemas/point';
import { DEFAULT_AVATAR } from '@shared/schemas/user';
import { putAlerts } from '../data/alert-repository';
import { putCustomer } from '../data/customer-repository';
import { putDashboard } from '../data/dashboard-repository';
import { putLocations } from '../data/location-repository';
import { putPointsWithClaims } from '../data/point-repository';
import { getLargeSeedProgress, putCustomerPermissionMap, putLargeSeedProgress } from '../data/system-repository';
import { putUsersWithGuards } from '../data/user-repository';
import { syncAlertSchedules } from './alert-schedule-service';
import { LARGE_CUSTOMER, largeCustomerPlan, largeSeriesOfPoint, largeSize, type LargeCustomerPlan, type LargePoint, type LargeSize, seriesEndOf } from './large-customer';
import { hashPassword } from './password-hasher';
import { storeValuesInBulk } from './series-write-service';

/**
 * Writes the large customer (see large-customer.ts) through the product's repositories: its
 * entities in 25-item batches, its series through the bulk path imports use (values compared with
 * what is stored, rollups written with them), a chunk of points at a time. Run again it puts the
 * same items back (fixed ids) and writes no value twice; interrupted, it resumes at the first
 * chunk of points not done, which a progress item under the customer records with the size and the
 * series' end the first run chose.
 */

export interface LargeSeedProgress {
  /** `entities` then `series` (points done / points with values), then `done`. */
  step: 'entities' | 'schedules' | 'series' | 'done';
  done: number;
  total: number;
}

export interface LargeSeedOptions {
  /** The full size (1) times this; see `largeSize`. */
  scale?: number;
  /** Overrides of the scaled size (e.g. `{ seriesDays: 7 }`). */
  size?: Partial<LargeSize>;
  /** The users' password (every large user has it); the caller makes it and hands it in. */
  password: string;
  /** Whether the alerts get their EventBridge schedules (needs the scheduler's settings, as the seed function has). */
  schedules?: boolean;
  /** Points whose values are written per bulk call. */
  pointsPerChunk?: number;
  onProgress?: (progress: LargeSeedProgress) => void;
  now?: number;
  /**
   * A time (ms since the epoch) after which no new chunk of series starts: the call answers
   * `done: false` and the next call resumes (a function's run is limited in time). Without it, to the end.
   */
  deadline?: number;
}

interface StoredProgress {
  size: LargeSize;
  seriesEnd: number;
  /** Points with values per bulk call, and how many such chunks are written so far. */
  pointsPerChunk: number;
  chunksDone: number;
  /** Whether this run's entities are written (a resumed run does not write them again). */
  entitiesWritten?: boolean;
  state: 'running' | 'done';
}

const readProgress = (): Promise<StoredProgress | null> => getLargeSeedProgress<StoredProgress>(LARGE_CUSTOMER._id);

const writeProgress = (progress: StoredProgress): Promise<void> => putLargeSeedProgress(LARGE_CUSTOMER._id, { ...progress });

const sameSize = (a: LargeSize, b: LargeSize) => (Object.keys(a) as (keyof LargeSize)[]).every((key) => a[key] === b[key]);

const STEP = 10 * 60_000;

const pointOf = ({ withSeries: _withSeries, ...point }: LargePoint): Point => point;

export interface LargeSeedOutcome {
  /** Whether every chunk of series is written (false: stopped at the deadline, call again). */
  done: boolean;
  /** Points with values written so far, of all. */
  seriesDone: number;
  seriesTotal: number;
  plan: LargeCustomerPlan;
  seriesEnd: number;
  valuesWritten: number;
  valuesUnchanged: number;
  /** Milliseconds of each step. */
  ms: { entities: number; schedules: number; series: number };
}

/** The customer, its permission map, sites, points (with their technical ids' claims), users (with their e-mails' guards), alerts and tabs. */
const putEntities = async (plan: LargeCustomerPlan, lastDataDateOf: (point: LargePoint) => string | null, password: string, report: (progress: LargeSeedProgress) => void) => {
  report({ step: 'entities', done: 0, total: 6 });
  await putCustomer(plan.customer);
  await putCustomerPermissionMap(plan.customer._id, DEFAULT_PERMISSIONS);
  report({ step: 'entities', done: 1, total: 6 });
  await putLocations(plan.locations);
  report({ step: 'entities', done: 2, total: 6 });
  // A point keeps the date of its last value once its values are written (a rewrite must not clear it).
  await putPointsWithClaims(plan.points.map((point) => ({ ...pointOf(point), last_data_date: lastDataDateOf(point) })));
  report({ step: 'entities', done: 3, total: 6 });
  const passwordHash = await hashPassword(password);
  await putUsersWithGuards(
    plan.users.map((user) => ({
      _id: user._id,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      type: user.role,
      internal_role: user.role,
      is_root: false,
      customer: plan.customer._id,
      picture: DEFAULT_AVATAR,
      allowed_locations: user.allowed_locations,
      last_notification_read: null,
      password_hash: passwordHash,
    })),
  );
  report({ step: 'entities', done: 4, total: 6 });
  await putAlerts(plan.alerts);
  report({ step: 'entities', done: 5, total: 6 });
  await putDashboard(plan.tabs, plan.widgets);
  report({ step: 'entities', done: 6, total: 6 });
};

export const seedLargeCustomer = async (options: LargeSeedOptions): Promise<LargeSeedOutcome> => {
  const report = options.onProgress ?? (() => {});
  const size = largeSize(options.scale ?? 1, options.size);
  const plan = largeCustomerPlan(size);
  const stored = await readProgress();
  // The same size keeps the first run's series window and the chunks it wrote; another size starts its series anew.
  const resumed = stored && sameSize(stored.size, size) ? stored : null;
  const progress: StoredProgress = resumed ?? { size, seriesEnd: seriesEndOf(options.now ?? Date.now()), pointsPerChunk: options.pointsPerChunk ?? 20, chunksDone: 0, state: 'running' };
  const withSeries = plan.points.filter((point) => point.withSeries).map(pointOf);
  const perChunk = progress.pointsPerChunk;
  /** Points whose values are written already (their chunk done). */
  const written = new Set(withSeries.slice(0, progress.state === 'done' ? withSeries.length : progress.chunksDone * perChunk).map((point) => point._id));
  const lastDataDate = new Date(progress.seriesEnd - STEP).toISOString();
  const ms = { entities: 0, schedules: 0, series: 0 };

  let started = performance.now();
  // A run stopped at its deadline is resumed without writing its entities again; a run over a finished one writes everything again.
  const writeEntities = !(resumed && resumed.state === 'running' && resumed.entitiesWritten);
  if (writeEntities) await putEntities(plan, (point) => (written.has(point._id) ? lastDataDate : null), options.password, report);
  ms.entities = performance.now() - started;

  started = performance.now();
  if (writeEntities && options.schedules !== false) {
    // One schedule per customer and cron (alert-schedule-service), whatever the number of alerts.
    for (const customerId of new Set(plan.alerts.map((alert) => alert.customer))) await syncAlertSchedules(customerId);
    report({ step: 'schedules', done: plan.alerts.length, total: plan.alerts.length });
  }
  ms.schedules = performance.now() - started;

  started = performance.now();
  const chunks = Math.ceil(withSeries.length / perChunk);
  let valuesWritten = 0;
  let valuesUnchanged = 0;
  progress.entitiesWritten = true;
  if (progress.state === 'done') {
    // Written again over a finished customer: its series are there.
    progress.chunksDone = chunks;
  }
  await writeProgress(progress);
  for (let chunk = progress.chunksDone; chunk < chunks; chunk += 1) {
    if (options.deadline !== undefined && Date.now() > options.deadline) {
      ms.series = performance.now() - started;
      return { done: false, seriesDone: Math.min(withSeries.length, chunk * perChunk), seriesTotal: withSeries.length, plan, seriesEnd: progress.seriesEnd, valuesWritten, valuesUnchanged, ms };
    }
    const points = withSeries.slice(chunk * perChunk, (chunk + 1) * perChunk);
    const values = points.flatMap((point) => largeSeriesOfPoint(point, progress.seriesEnd, size.seriesDays));
    const outcome = await storeValuesInBulk(plan.customer._id, values, new Map(points.map((point) => [point._id, point])), { announce: false });
    valuesWritten += outcome.written;
    valuesUnchanged += outcome.unchanged;
    progress.chunksDone = chunk + 1;
    await writeProgress(progress);
    report({ step: 'series', done: Math.min(withSeries.length, (chunk + 1) * perChunk), total: withSeries.length });
  }
  if (progress.state !== 'done') {
    progress.state = 'done';
    await writeProgress(progress);
  }
  ms.series = performance.now() - started;
  report({ step: 'done', done: 1, total: 1 });
  return { done: true, seriesDone: withSeries.length, seriesTotal: withSeries.length, plan, seriesEnd: progress.seriesEnd, valuesWritten, valuesUnchanged, ms };
};

/** What a seeding did, small enough for a function's answer (the plan itself is megabytes). */
export const largeSeedSummary = (outcome: LargeSeedOutcome) => ({
  done: outcome.done,
  seriesDone: outcome.seriesDone,
  seriesTotal: outcome.seriesTotal,
  seriesDays: outcome.plan.size.seriesDays,
  seriesEnd: outcome.seriesEnd,
  valuesWritten: outcome.valuesWritten,
  valuesUnchanged: outcome.valuesUnchanged,
  ms: outcome.ms,
  customer: { _id: outcome.plan.customer._id, name: outcome.plan.customer.name },
  counts: {
    sites: outcome.plan.locations.length,
    points: outcome.plan.points.length,
    users: outcome.plan.users.length,
    alerts: outcome.plan.alerts.length,
    tabs: outcome.plan.tabs.length,
  },
  /** A building past three quarters of the tree, and one of its points: what a bench searches for. */
  sample: (() => {
    const building = outcome.plan.tree.buildings[Math.floor(outcome.plan.tree.buildings.length * 0.77)];
    const point = outcome.plan.points.find((candidate) => candidate.location[0] === building._id)!;
    return { buildingId: building._id, buildingName: building.name, pointTechnicalId: point.technical_id };
  })(),
});
export type LargeSeedSummary = ReturnType<typeof largeSeedSummary>;
