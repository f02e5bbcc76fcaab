import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Point } from '@shared/schemas/point';
import type { SeriesQuery } from '@shared/schemas/series';
import { awsEnvironment } from '../../infra/local/emulator';
import type { Caller } from '../../functions/src/services/caller';
import type { StoredValue } from '../../functions/src/data/raw-value-repository';
import { api } from '../support/api';
import { series as seriesTable } from '../support/aws';
import { anotherPremiumCustomer } from '../support/customers';
import { testEnvironment } from '../support/environment';
import { meteredUnits } from '../support/usage-units';

/**
 * A source fetch's rollups deferred to once an hour (issue 41, docs/architecture/series.md): a
 * fetched point (`fetched`) gets its values through `storeFetchedValuesInBulk`, a reference point
 * (`reference`) the same values through the bulk path that rolls up at once. Every series read of
 * the fetched point right after a fetch gives the reference's numbers (hours, days, a month and a
 * difference over the month's end), its packs are brought up to date by the first fetch of the
 * next hour, and doing that rollup again changes no pack. Run by the services in this process.
 */
const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso);

let customerId: string;
let caller: Caller;
let fetched: Point;
let reference: Point;
let writes: typeof import('../../functions/src/services/series-write-service');
let reads: typeof import('../../functions/src/services/series-service');
let rollups: typeof import('../../functions/src/data/rollup-repository');

const valuesOf = (point: Point, instants: readonly number[]): StoredValue[] =>
  instants.map((instant) => ({ pointId: point._id, customerId, at: instant, value: 1000 + (instant - at('2026-05-30T00:00:00Z')) / MINUTE / 7, status: '1', zone: 'Europe/Paris' }));
/** Last data dates far ahead: no fetch here writes its points' (what is measured is the series' own units). */
const byPoint = () => new Map([fetched, reference].map((point) => [point._id, { ...point, last_data_date: '2100-01-01T00:00:00.000Z' }]));

/** A fetch of the fetched point, the same values into the reference by the bulk path. */
const fetchBoth = async (instants: readonly number[]) => {
  await writes.storeFetchedValuesInBulk(customerId, valuesOf(fetched, instants), byPoint(), { announce: false });
  await writes.storeValuesInBulk(customerId, valuesOf(reference, instants), byPoint(), { announce: false });
};

const queries: Omit<SeriesQuery, 'points'>[] = [
  { sampling: 'hour', period_type: 'dateToDate', period: 'day', offset: 0, start: '2026-05-31T18:00:00Z', end: '2026-06-01T01:00:00Z' },
  { sampling: 'day', period_type: 'dateToDate', period: 'month', offset: 0, start: '2026-05-25T00:00:00Z', end: '2026-06-03T00:00:00Z' },
  { sampling: 'month', period_type: 'dateToDate', period: 'year', offset: 0, start: '2026-01-01T00:00:00Z', end: '2026-07-01T00:00:00Z' },
  // A difference over June's first local day (from 31 May 22:00 UTC) subtracts the last value before it (21:50 UTC).
  { sampling: 'day', period_type: 'dateToDate', period: 'month', offset: 0, start: '2026-06-01T00:00:00Z', end: '2026-06-02T00:00:00Z' },
  // The same over June's second and third local days: their value before is the day before's last, which may wait for its day's rollup.
  { sampling: 'day', period_type: 'dateToDate', period: 'month', offset: 0, start: '2026-06-02T00:00:00Z', end: '2026-06-03T00:00:00Z' },
  { sampling: 'day', period_type: 'dateToDate', period: 'month', offset: 0, start: '2026-06-03T00:00:00Z', end: '2026-06-04T00:00:00Z' },
];

/** Every query with sum, max, avg and diff, for one point: the values of each series. */
const answersOf = async (point: Point) =>
  Promise.all(
    queries.map(async (query) => {
      const answer = await reads.querySeries(caller, { ...query, points: (['sum', 'max', 'avg', 'diff'] as const).map((calculation) => ({ point: point._id, calculation })) } as SeriesQuery, at('2026-06-10T00:00:00Z'));
      return answer.series.map((series) => series.values);
    }),
  );

const markOf = async (point: Point) => (await rollups.readPendingMarks([{ customerId, pointId: point._id }], { consistent: true })).values().next().value;

/** Write and read units of `work`, from the usage meter. */
const unitsOf = async (work: () => Promise<unknown>) => {
  const { wcu, rcu } = await meteredUnits(work);
  return { wcu, rcu };
};

beforeAll(async () => {
  let token: string;
  ({ customerId, token } = await anotherPremiumCustomer());
  const environment = testEnvironment();
  Object.assign(process.env, awsEnvironment(environment.endpoint), { ENTITIES_TABLE: environment.entitiesTable, SERIES_TABLE: environment.seriesTable });
  writes = await import('../../functions/src/services/series-write-service');
  reads = await import('../../functions/src/services/series-service');
  rollups = await import('../../functions/src/data/rollup-repository');
  const location = await api<{ _id: string }>('POST', '/api/v2/locations', { token, body: { name: `Chaufferie ${randomUUID().slice(0, 6)}` } });
  expect(location.status).toBe(200);
  const created = await Promise.all(
    ['Capteur relevé', 'Capteur témoin'].map((name) =>
      api<Point>('POST', '/api/v1/points', {
        token,
        body: { name, technical_id: `HOURROLL-${randomUUID().slice(0, 8)}`, resource: 'electricity', series_type: 'counter', unit: 'kWh', location: [location.body.data!._id] },
      }),
    ),
  );
  [fetched, reference] = created.map((answer) => answer.body.data!);
  caller = { userId: 'usr-test-admin', customerId, homeCustomerId: customerId, role: 'administrator', isRoot: false, remember: false };
  // Two days of ten-minute values, rolled up at once for both points (an import would).
  const history = Array.from({ length: 2 * 144 - 18 }, (_, index) => at('2026-05-30T00:00:00Z') + index * 10 * MINUTE);
  for (const point of [fetched, reference]) await writes.storeValuesInBulk(customerId, valuesOf(point, history), byPoint(), { announce: false });
});

describe('a source fetch\'s rollups, once an hour (issue 41)', () => {
  it('writes a fetch\'s values without their rollups, and every read right after gives the numbers of values rolled up at once', async () => {
    const packsBefore = await seriesTable.rollups({ customerId, pointId: fetched._id }, 'hour', '20260531');
    const first = await unitsOf(() => writes.storeFetchedValuesInBulk(customerId, valuesOf(fetched, [at('2026-05-31T21:00:00Z')]), byPoint(), { announce: false }));
    await writes.storeValuesInBulk(customerId, valuesOf(reference, [at('2026-05-31T21:00:00Z')]), byPoint(), { announce: false });
    const second = await unitsOf(() => writes.storeFetchedValuesInBulk(customerId, valuesOf(fetched, [at('2026-05-31T21:10:00Z'), at('2026-05-31T21:20:00Z')]), byPoint(), { announce: false }));
    await writes.storeValuesInBulk(customerId, valuesOf(reference, [at('2026-05-31T21:10:00Z'), at('2026-05-31T21:20:00Z')]), byPoint(), { announce: false });
    // Hour 21 UTC is the last of May in Paris: its day and its month are pending too.
    await fetchBoth([at('2026-05-31T21:30:00Z'), at('2026-05-31T21:40:00Z'), at('2026-05-31T21:50:00Z')]);
    console.info(`deferred fetch of one point: first of the hour ${JSON.stringify(first)}, next ${JSON.stringify(second)}`);
    const hourPack = await seriesTable.rollups({ customerId, pointId: fetched._id }, 'hour', '20260531');
    // An import's value in June's first local hour, the mark still pending: it rolls up its own hour only.
    for (const point of [fetched, reference]) await writes.storeValuesInBulk(customerId, valuesOf(point, [at('2026-05-31T22:30:00Z')]), byPoint(), { announce: false });
    // Only the raw values and, once, the mark: no pack was written.
    expect(first.wcu).toBeLessThanOrEqual(2);
    expect(second.wcu).toBeLessThanOrEqual(2);
    expect(await markOf(fetched)).toEqual({ from: at('2026-05-31T21:00:00Z'), daysFrom: null });
    expect(hourPack).toEqual(packsBefore);
    expect((await seriesTable.checkRollups([{ customerId, pointId: fetched._id }])).mismatched).toBeGreaterThan(0);

    const [fetchedAnswers, referenceAnswers] = await Promise.all([answersOf(fetched), answersOf(reference)]);
    expect(fetchedAnswers).toEqual(referenceAnswers);
    // The pending hour is there (six values), and June's first day's difference subtracts its last value.
    expect(referenceAnswers[0][0][3]).not.toBeNull();
    expect(referenceAnswers[3][3][0]).not.toBeNull();
    // Reading a range before the mark completes nothing and gives the same as before.
    const { rangeValueSeenBy, seriesViewOf } = reads;
    const view = await seriesViewOf(caller, [fetched._id, reference._id]);
    for (const [from, to] of [[at('2026-05-30T22:00:00Z'), at('2026-05-31T21:35:00Z')], [at('2026-05-29T22:00:00Z'), at('2026-05-31T20:00:00Z')]]) {
      expect(await rangeValueSeenBy(view, fetched._id, 'sum', from, to)).toEqual(await rangeValueSeenBy(view, reference._id, 'sum', from, to));
    }
  });

  it('rolls up what is pending with the first fetch of the next hour, and doing it again changes no pack', async () => {
    const ref = { customerId, pointId: fetched._id };
    const rolling = await unitsOf(() => writes.storeFetchedValuesInBulk(customerId, valuesOf(fetched, [at('2026-05-31T22:00:00Z'), at('2026-05-31T22:10:00Z')]), byPoint(), { announce: false }));
    await writes.storeValuesInBulk(customerId, valuesOf(reference, [at('2026-05-31T22:00:00Z'), at('2026-05-31T22:10:00Z')]), byPoint(), { announce: false });
    console.info(`rolling fetch of one point, past the local day's end: ${JSON.stringify(rolling)}`);
    // Pending from the latest hour's start only: the next fetches, in that hour, need not write the mark.
    expect(await markOf(fetched)).toEqual({ from: at('2026-05-31T22:00:00Z'), daysFrom: null });
    expect((await seriesTable.checkRollups([ref])).mismatches).toEqual([]);
    const packs = async (point: Point) =>
      Promise.all((['hour', 'day', 'month'] as const).map((level) => seriesTable.rollups({ customerId, pointId: point._id }, level)));
    expect(await packs(fetched)).toEqual(await packs(reference));

    // A rollup that wrote its packs and failed before clearing the mark: done again, the same packs.
    await rollups.lowerPendingMark(ref, at('2026-05-31T21:00:00Z'));
    const before = await packs(fetched);
    // The next fetch asks again from the point's last value (22:10), which it finds unchanged.
    await writes.storeFetchedValuesInBulk(customerId, valuesOf(fetched, [at('2026-05-31T22:10:00Z')]), byPoint(), { announce: false });
    expect(await markOf(fetched)).toEqual({ from: at('2026-05-31T22:00:00Z'), daysFrom: null });
    expect(await packs(fetched)).toEqual(before);
    expect((await seriesTable.checkRollups([ref])).mismatches).toEqual([]);
    expect(await answersOf(fetched)).toEqual(await answersOf(reference));
  });

  it('rolls up hours alone within a local day, days and months once the day is over, and reads give the same numbers meanwhile', async () => {
    const ref = { customerId, pointId: fetched._id };
    const packs = async (point: Point) =>
      Promise.all((['hour', 'day', 'month'] as const).map((level) => seriesTable.rollups({ customerId, pointId: point._id }, level)));
    // June 1 in Paris (from 31 May 22:00 UTC): a fetch deferred in the mark's hour writes no mark, then the hour's rollup.
    const deferred = await unitsOf(() => writes.storeFetchedValuesInBulk(customerId, valuesOf(fetched, [at('2026-05-31T22:40:00Z')]), byPoint(), { announce: false }));
    await writes.storeValuesInBulk(customerId, valuesOf(reference, [at('2026-05-31T22:40:00Z')]), byPoint(), { announce: false });
    expect(await markOf(fetched)).toEqual({ from: at('2026-05-31T22:00:00Z'), daysFrom: null });
    expect(deferred.wcu).toBe(1);
    const [, daysBefore, monthsBefore] = await packs(fetched);
    const hourly = await unitsOf(() => writes.storeFetchedValuesInBulk(customerId, valuesOf(fetched, [at('2026-05-31T22:50:00Z'), at('2026-05-31T23:00:00Z')]), byPoint(), { announce: false }));
    await writes.storeValuesInBulk(customerId, valuesOf(reference, [at('2026-05-31T22:50:00Z'), at('2026-05-31T23:00:00Z')]), byPoint(), { announce: false });
    console.info(`hourly rollup of one point within its local day: ${JSON.stringify(hourly)}`);
    const [hours, days, months] = await packs(fetched);
    expect(await markOf(fetched)).toEqual({ from: at('2026-05-31T23:00:00Z'), daysFrom: at('2026-05-31T22:00:00Z') });
    expect(hours).toEqual((await packs(reference))[0]);
    expect([days, months]).toEqual([daysBefore, monthsBefore]);
    // Its two raw hour items, the UTC day's hour pack (≤ 2 KB) and the mark: no day pack (2–3 units) nor month pack (1).
    expect(hourly.wcu).toBeLessThanOrEqual(5);
    expect((await seriesTable.checkRollups([ref])).mismatched).toBeGreaterThan(0);
    expect(await answersOf(fetched)).toEqual(await answersOf(reference));

    // The first rollup past June 1: every level rolled up, from June 1's start.
    const daily = await unitsOf(() => fetchBoth([at('2026-06-01T22:20:00Z'), at('2026-06-01T23:00:00Z')]));
    console.info(`daily rollup of one point (with the reference's bulk write): ${JSON.stringify(daily)}`);
    expect(await markOf(fetched)).toEqual({ from: at('2026-06-01T23:00:00Z'), daysFrom: null });
    expect((await seriesTable.checkRollups([ref])).mismatches).toEqual([]);
    expect(await packs(fetched)).toEqual(await packs(reference));

    // A daily rollup that wrote its packs and failed before settling the mark: done again by the next rollup, the same packs.
    await rollups.lowerDaysFrom(ref, at('2026-05-31T22:00:00Z'));
    expect(await answersOf(fetched)).toEqual(await answersOf(reference));
    await fetchBoth([at('2026-06-01T23:00:00Z'), at('2026-06-02T00:00:00Z')]);
    expect(await markOf(fetched)).toEqual({ from: at('2026-06-02T00:00:00Z'), daysFrom: null });
    expect((await seriesTable.checkRollups([ref])).mismatches).toEqual([]);
    expect(await packs(fetched)).toEqual(await packs(reference));
    expect(await answersOf(fetched)).toEqual(await answersOf(reference));

    // A point with no mark (before its first fetch) fetched once an hour: hours rolled up, days marked pending first.
    await rollups.clearPendingMark(ref, (await markOf(fetched))!);
    const [, daysNow, monthsNow] = await packs(fetched);
    await fetchBoth([at('2026-06-02T00:50:00Z'), at('2026-06-02T01:00:00Z')]);
    expect(await markOf(fetched)).toEqual({ from: null, daysFrom: at('2026-06-02T00:50:00Z') });
    const [hoursAfter, ...above] = await packs(fetched);
    expect(hoursAfter).toEqual((await packs(reference))[0]);
    expect(above).toEqual([daysNow, monthsNow]);
    expect(await answersOf(fetched)).toEqual(await answersOf(reference));

    // June 3's first value, deferred while June 2's days still wait: June 3's difference subtracts June 2's last value, from its hours.
    await fetchBoth([at('2026-06-02T22:10:00Z')]);
    expect(await markOf(fetched)).toEqual({ from: at('2026-06-02T22:10:00Z'), daysFrom: at('2026-06-02T00:50:00Z') });
    const [fetchedAnswers, referenceAnswers] = await Promise.all([answersOf(fetched), answersOf(reference)]);
    expect(fetchedAnswers).toEqual(referenceAnswers);
    expect(referenceAnswers[5][3][0]).not.toBeNull();
    const { lastValueBefore } = reads;
    for (const [sampling, before] of [['day', at('2026-06-02T22:00:00Z')], ['month', at('2026-06-30T22:00:00Z')], ['hour', at('2026-06-02T22:00:00Z')]] as const) {
      expect(await lastValueBefore(ref, sampling, before)).toBe(await lastValueBefore({ customerId, pointId: reference._id }, sampling, before));
    }
  });
});
