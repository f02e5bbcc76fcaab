import { describe, expect, it } from 'vitest';
import { scheduleName, sourceSchedulesPrefix } from '../../../functions/src/services/schedule-service';
import {
  FETCH_START_MARGIN_MS,
  intervalOfScheduleName,
  isFetchedOnSchedule,
  runFetches,
  sourceScheduleChanges,
  sourceScheduleIntervals,
  sourcesOfInterval,
  type ScheduledSource,
} from '../../../functions/src/services/source-schedules';

const CUSTOMER = 'cust-0b4f3c2e-5d6a-4b7c-8d9e-0f1a2b3c4d5e';

const source = (id: string, changes: Partial<Omit<ScheduledSource, 'config'>> & { interval?: number } = {}): ScheduledSource => {
  const { interval = 15, ...rest } = changes;
  return { _id: id, type: 'objenious', active: true, is_configurable: true, config: { fetch_interval: interval }, ...rest };
};

const nameOf = (interval: number) => scheduleName({ kind: 'sources', id: String(interval), customerId: CUSTOMER });

describe("a customer's source fetch schedule", () => {
  it("is named by the customer and the interval within Scheduler's 64 characters, listed by the customer's prefix", () => {
    const name = nameOf(15);
    expect(name).toBe(`sources-${CUSTOMER}-15`);
    expect(name.length).toBeLessThanOrEqual(64);
    expect(name).toMatch(/^[0-9a-zA-Z\-_.]+$/);
    expect(name.startsWith(sourceSchedulesPrefix(CUSTOMER))).toBe(true);
    // The per-source schedules of older versions keep their name, and their prefix does not take these.
    expect(scheduleName({ kind: 'source', id: 'src-1', customerId: CUSTOMER })).toBe('source-src-1');
    expect(name.startsWith('source-')).toBe(false);
  });

  it('reads its interval back from its name, and nothing from a name that is not one of the customer\'s intervals', () => {
    const prefix = sourceSchedulesPrefix(CUSTOMER);
    expect(intervalOfScheduleName(prefix, nameOf(15))).toBe(15);
    expect(intervalOfScheduleName(prefix, nameOf(1))).toBe(1);
    // Another customer whose id starts like this one's.
    expect(intervalOfScheduleName(prefix, `sources-${CUSTOMER}-x-15`)).toBeNull();
    expect(intervalOfScheduleName(prefix, `sources-${CUSTOMER}-`)).toBeNull();
    expect(intervalOfScheduleName(prefix, `sources-${CUSTOMER}-015`)).toBeNull();
    expect(intervalOfScheduleName(prefix, `alerts-${CUSTOMER}-15`)).toBeNull();
  });
});

describe("the schedules a customer's sources need", () => {
  it('are one per interval of its active fetched sources: 20 sources every 15 minutes make one', () => {
    const sources = Array.from({ length: 20 }, (_, index) => source(`src-${index}`));
    expect(sourceScheduleIntervals(sources)).toEqual([15]);
    expect(sourcesOfInterval(sources, 15).map((entry) => entry._id)).toEqual(sources.map((entry) => entry._id));
  });

  it('leave out paused sources, sources of a type not fetched, and sources without configuration', () => {
    const sources = [
      source('src-a', { interval: 5 }),
      source('src-paused', { interval: 30, active: false }),
      source('src-custom', { interval: 10, type: 'custom' }),
      source('src-named', { interval: 1, is_configurable: false }),
      source('src-mail', { interval: 15, type: 'email' }),
      source('src-weather', { interval: 5, type: 'weather' }),
      source('src-eveler', { interval: 15, type: 'eveler' }),
    ];
    expect(sources.filter(isFetchedOnSchedule).map((entry) => entry._id)).toEqual(['src-a', 'src-mail', 'src-weather', 'src-eveler']);
    expect(sourceScheduleIntervals(sources)).toEqual([5, 15]);
    expect(sourcesOfInterval(sources, 5).map((entry) => entry._id)).toEqual(['src-a', 'src-weather']);
    expect(sourcesOfInterval(sources, 30)).toEqual([]);
    expect(sourcesOfInterval(sources, 10)).toEqual([]);
  });

  it('are none for a customer without fetched sources', () => {
    expect(sourceScheduleIntervals([])).toEqual([]);
    expect(sourceScheduleIntervals([source('src-paused', { active: false })])).toEqual([]);
  });
});

describe("what a customer's source schedules need changed", () => {
  it('creates the missing intervals only: one that exists is kept, so its next firing does not move', () => {
    expect(sourceScheduleChanges([5, 15], [nameOf(15)], nameOf)).toEqual({ create: [5], remove: [] });
    expect(sourceScheduleChanges([5, 15], [nameOf(5), nameOf(15)], nameOf)).toEqual({ create: [], remove: [] });
  });

  it('removes the schedule of an interval whose last source was paused, moved to another interval or deleted', () => {
    // The last 15-minute source moved to 30: the 15's schedule goes, the 30's comes.
    expect(sourceScheduleChanges([30], [nameOf(15)], nameOf)).toEqual({ create: [30], remove: [nameOf(15)] });
    // Its last source deleted or paused: every schedule goes.
    expect(sourceScheduleChanges([], [nameOf(5), nameOf(15)], nameOf)).toEqual({ create: [], remove: [nameOf(5), nameOf(15)] });
  });

  it('is nothing when run again over what it made (idempotent)', () => {
    const first = sourceScheduleChanges([1, 15], [nameOf(30)], nameOf);
    const after = [...first.create.map(nameOf)];
    expect(sourceScheduleChanges([1, 15], after, nameOf)).toEqual({ create: [], remove: [] });
  });
});

/** A fetch that ends when the test says. */
const deferred = () => {
  let resolve!: (value: { ok: boolean } | null) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<{ ok: boolean } | null>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe("a firing's fetches", () => {
  it('all start at once: a slow fetch holds back none of the others, which end before it', async () => {
    const sources = Array.from({ length: 20 }, (_, index) => source(`src-${index}`));
    const fetches = new Map(sources.map((entry) => [entry._id, deferred()]));
    const started: string[] = [];
    const ended: string[] = [];
    const running = runFetches(sources, async (entry) => {
      started.push(entry._id);
      const outcome = await fetches.get(entry._id)!.promise;
      ended.push(entry._id);
      return outcome;
    });
    // Nothing has ended, and every fetch has started.
    await Promise.resolve();
    expect(started).toEqual(sources.map((entry) => entry._id));
    // All but the first (the slow one) end.
    for (const entry of sources.slice(1)) fetches.get(entry._id)!.resolve({ ok: true });
    await new Promise((resolve) => setImmediate(resolve));
    expect(ended).toEqual(sources.slice(1).map((entry) => entry._id));
    fetches.get('src-0')!.resolve({ ok: true });
    expect(await running).toEqual({ fetched: 20, failed: 0, skipped: 0, thrown: [] });
    expect(ended.at(-1)).toBe('src-0');
  });

  it('go on past a fetch that throws or records a failure, and count each', async () => {
    const sources = ['src-a', 'src-b', 'src-c', 'src-d'].map((id) => source(id));
    const errors: string[] = [];
    const run = await runFetches(
      sources,
      async (entry) => {
        if (entry._id === 'src-a') throw new Error('DynamoDB is unreachable');
        if (entry._id === 'src-b') return { ok: false };
        if (entry._id === 'src-c') return null;
        return { ok: true };
      },
      { atOnce: 1, onError: (entry, error) => errors.push(`${entry._id}: ${(error as Error).message}`) },
    );
    expect(run).toEqual({ fetched: 1, failed: 2, skipped: 1, thrown: ['src-a'] });
    expect(errors).toEqual(['src-a: DynamoDB is unreachable']);
  });

  it('beyond the places, wait for one to be free: at most that many run at once', async () => {
    const sources = Array.from({ length: 7 }, (_, index) => source(`src-${index}`));
    let running = 0;
    let most = 0;
    const run = await runFetches(
      sources,
      async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
        return { ok: true };
      },
      { atOnce: 3 },
    );
    expect(run.fetched).toBe(7);
    expect(most).toBe(3);
  });

  it('start none within the last minute before the time limit: those wait for the next firing', async () => {
    const sources = ['src-a', 'src-b', 'src-c'].map((id) => source(id));
    let clock = 0;
    const late: string[] = [];
    const run = await runFetches(
      sources,
      async () => {
        // Each fetch takes the clock past the point where no other may start.
        clock += 10 * 60_000;
        return { ok: true };
      },
      { atOnce: 1, deadline: 5 * 60_000 + FETCH_START_MARGIN_MS, now: () => clock, onLate: (entry) => late.push(entry._id) },
    );
    expect(run).toEqual({ fetched: 1, failed: 0, skipped: 2, thrown: [] });
    expect(late).toEqual(['src-b', 'src-c']);
  });
});
