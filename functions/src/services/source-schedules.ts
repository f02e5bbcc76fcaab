import { isFetchedType, type Source } from '@shared/schemas/source';
import { forEachConcurrently } from '../concurrency';

/**
 * The sources' fetch schedules, one per customer and fetch interval (issue 41): a schedule per
 * source made 20 sources fetched every 15 minutes 58,440 scheduler invocations (and as many
 * invocations of the scheduled-jobs function and of the log forwarder) a month; one schedule per
 * (customer, interval) starts that customer's due sources of the interval in one invocation, each
 * fetched as before (docs/features/data-sources.md). Pure rules here; the schedules themselves are
 * made by services/source-schedule-service.ts.
 */

/** What of a source decides its schedule. */
export type ScheduledSource = Pick<Source, '_id' | 'type' | 'active' | 'is_configurable'> & { config: { fetch_interval: number } };

/** Whether a source is fetched by its customer's schedule of its interval: configurable, of a fetched type, active (a paused one is not). */
export const isFetchedOnSchedule = (source: ScheduledSource): boolean => source.active && source.is_configurable && isFetchedType(source.type);

/** The intervals (minutes) a customer's sources need a schedule of: one per interval at least one fetched, active source has, ascending. */
export const sourceScheduleIntervals = (sources: readonly ScheduledSource[]): number[] =>
  [...new Set(sources.filter(isFetchedOnSchedule).map((source) => source.config.fetch_interval))].sort((a, b) => a - b);

/** The sources one firing of an interval's schedule fetches: those fetched on schedule at that interval, in the order given. */
export const sourcesOfInterval = <T extends ScheduledSource>(sources: readonly T[], interval: number): T[] =>
  sources.filter((source) => isFetchedOnSchedule(source) && source.config.fetch_interval === interval);

/**
 * The interval a schedule's name says after the customer's prefix, or null when the rest is not an
 * interval (another customer's whose id starts like this one, or a name of another kind).
 */
export const intervalOfScheduleName = (prefix: string, name: string): number | null => {
  if (!name.startsWith(prefix)) return null;
  const rest = name.slice(prefix.length);
  return /^[1-9]\d{0,3}$/.test(rest) ? Number(rest) : null;
};

/**
 * What a customer's schedules need changed: the intervals without a schedule (to create) and the
 * names of schedules no source needs (to remove). A schedule that exists is left as it is: its
 * expression is its interval's and never changes, and updating it would move its next firing.
 */
export const sourceScheduleChanges = (
  wanted: readonly number[],
  existingNames: readonly string[],
  nameOf: (interval: number) => string,
): { create: number[]; remove: string[] } => {
  const existing = new Set(existingNames);
  const wantedNames = new Set(wanted.map(nameOf));
  return {
    create: wanted.filter((interval) => !existing.has(nameOf(interval))),
    remove: existingNames.filter((name) => !wantedNames.has(name)),
  };
};

/**
 * How many of a firing's fetches run at once: the reference customer's 20 sources of an interval
 * all start together, as their schedules of one each let them (a fetch waits on its provider and on
 * DynamoDB, seldom on the CPU), so a slow one delays none of the others; a customer with more waits
 * for a place, one fetch's length at most while fewer than this many are slow.
 */
export const FETCHES_AT_ONCE = 25;

/** A firing starts no fetch with less than this left before the function's time limit (the next firing fetches it, incrementally). */
export const FETCH_START_MARGIN_MS = 60_000;

/** What a firing's fetches came to: recorded successes, failures (recorded or thrown), and those skipped. */
export interface FetchesRun {
  fetched: number;
  failed: number;
  /** Found inactive or gone when their turn came (the fetch answered null), or not started before the time limit. */
  skipped: number;
  /** Those whose fetch threw (each reported to `onError`). */
  thrown: string[];
}

/**
 * Runs a firing's fetches: up to `atOnce` at once, each started as soon as a place is free (a slow
 * one holds one place, not the others), none started after `deadline - FETCH_START_MARGIN_MS`; a
 * fetch that throws is counted, reported and the others go on. `fetchOne` answers the recorded
 * outcome (`ok`), or null when the source was not fetched.
 */
export const runFetches = async <T extends { _id: string }>(
  sources: readonly T[],
  fetchOne: (source: T) => Promise<{ ok: boolean } | null>,
  {
    atOnce = FETCHES_AT_ONCE,
    deadline = Number.POSITIVE_INFINITY,
    now = Date.now,
    onError = () => undefined,
    onLate = () => undefined,
  }: { atOnce?: number; deadline?: number; now?: () => number; onError?: (source: T, error: unknown) => void; onLate?: (source: T) => void } = {},
): Promise<FetchesRun> => {
  const run: FetchesRun = { fetched: 0, failed: 0, skipped: 0, thrown: [] };
  await forEachConcurrently(sources, atOnce, async (source) => {
    if (now() > deadline - FETCH_START_MARGIN_MS) {
      run.skipped += 1;
      onLate(source);
      return;
    }
    try {
      const status = await fetchOne(source);
      if (status === null) run.skipped += 1;
      else if (status.ok) run.fetched += 1;
      else run.failed += 1;
    } catch (error) {
      run.failed += 1;
      run.thrown.push(source._id);
      onError(source, error);
    }
  });
  return run;
};
