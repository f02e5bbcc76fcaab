import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Point } from '@shared/schemas/point';
import { awsEnvironment } from '../../infra/local/emulator';
import type { StoredValue } from '../../functions/src/data/raw-value-repository';
import { api } from '../support/api';
import { anotherPremiumCustomer } from '../support/customers';
import { dynamoLedger, ledgerTable, type LedgerLine } from '../support/dynamo-ledger';
import { testEnvironment } from '../support/environment';

/**
 * Where a source fetch's request units go (issue 41, docs/benchmarks/cost.md "source values"): an
 * hour of four fetches 15 minutes apart bringing 1, 2, 1 and 2 ten-minute values a point, as the
 * cost bench stores them, watched call by call (`dynamoLedger`), per point-hour and kind of item.
 * Run once with the points' last data dates ahead (the bench's sample) and once as a fetch knows
 * them (each fetch advances its points' dates, as in production).
 */
const POINTS = 8;
const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso);

let customerId: string;
let points: Point[];
let writes: typeof import('../../functions/src/services/series-write-service');
let datesRepository: typeof import('../../functions/src/data/fetched-dates-repository');

const valuesAt = (instant: number): StoredValue[] =>
  points.map((point, index) => ({ pointId: point._id, customerId, at: instant, value: Math.round((50 + 30 * Math.sin(instant / 86_400_000 + index)) * 10) / 10, status: '1', zone: 'Europe/Paris' }));

/**
 * An hour of fetches from `hour`: at :10, :20 and :30, :40, :50 and the next hour's :00. Advancing,
 * as a source's fetch does: dates recorded in the source's item, the points' own once a UTC day.
 */
const fetchHour = async (hour: number, dates: Map<string, { last_data_date: string }>, advance: boolean) => {
  const sourceId = `src-${randomUUID()}`;
  const recordDates = (latest: ReadonlyMap<string, number>) => datesRepository.recordFetchedDates(customerId, sourceId, latest);
  for (const minutes of [[10], [20, 30], [40], [50, 60]]) {
    const values = minutes.flatMap((minute) => valuesAt(hour + minute * MINUTE));
    await writes.storeFetchedValuesInBulk(customerId, values, new Map(dates), { announce: false, ...(advance ? { recordDates } : {}) });
    if (advance) for (const value of values) dates.set(value.pointId, { last_data_date: new Date(value.at).toISOString() });
  }
};

/**
 * `FETCHED_UNITS_CPU_PROFILE=<file>`: a CPU profile of the measured hours (this process: the fetch's own code and the
 * SDK's marshalling, the emulator apart), for Chrome's or VS Code's profiler.
 */
const profiled = async <T>(work: () => Promise<T>): Promise<T> => {
  const file = process.env.FETCHED_UNITS_CPU_PROFILE;
  if (!file) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
};

const total = (lines: readonly LedgerLine[], field: 'rcu' | 'wcu') => lines.reduce((sum, line) => sum + line[field], 0);

beforeAll(async () => {
  let token: string;
  ({ customerId, token } = await anotherPremiumCustomer());
  const environment = testEnvironment();
  Object.assign(process.env, awsEnvironment(environment.endpoint), { ENTITIES_TABLE: environment.entitiesTable, SERIES_TABLE: environment.seriesTable });
  writes = await import('../../functions/src/services/series-write-service');
  datesRepository = await import('../../functions/src/data/fetched-dates-repository');
  const location = await api<{ _id: string }>('POST', '/api/v2/locations', { token, body: { name: `Relevés ${randomUUID().slice(0, 6)}` } });
  expect(location.status).toBe(200);
  points = [];
  for (let index = 0; index < POINTS; index += 1) {
    const answer = await api<Point>('POST', '/api/v1/points', {
      token,
      body: { name: `Capteur ${index}`, technical_id: `UNITS-${randomUUID().slice(0, 8)}`, resource: 'electricity', series_type: 'measure', unit: 'kWh', location: [location.body.data!._id] },
    });
    points.push(answer.body.data!);
  }
  // A day and nine and a half hours of ten-minute values, rolled up at once (an import would), then the hour
  // before the measured ones' last two fetches: the first measured hour starts as every hour does.
  const history = Array.from({ length: 34 * 6 - 2 }, (_, index) => at('2026-05-15T00:00:00Z') + index * 10 * MINUTE);
  const ahead = new Map(points.map((point) => [point._id, { last_data_date: '2100-01-01T00:00:00.000Z' }]));
  await writes.storeValuesInBulk(customerId, history.flatMap(valuesAt), ahead, { announce: false });
  for (const instants of [[at('2026-05-16T09:40:00Z')], [at('2026-05-16T09:50:00Z'), at('2026-05-16T10:00:00Z')]]) {
    await writes.storeFetchedValuesInBulk(customerId, instants.flatMap(valuesAt), ahead, { announce: false });
  }
});

describe('a source fetch\'s request units (issue 41)', () => {
  it('are counted call by call as the usage meter counts them, and said per point-hour and kind of item', async () => {
    const ahead = new Map(points.map((point) => [point._id, { last_data_date: '2100-01-01T00:00:00.000Z' }]));
    const known = new Map(points.map((point) => [point._id, { last_data_date: '2026-05-16T11:00:00.000Z' }]));
    const [bench, production] = await profiled(async () => [
      await dynamoLedger(() => fetchHour(at('2026-05-16T10:00:00Z'), ahead, false)),
      await dynamoLedger(() => fetchHour(at('2026-05-16T11:00:00Z'), known, true)),
    ]);
    console.info(`an hour of four fetches, per point-hour, last data dates ahead (the cost bench's sample):\n${ledgerTable(bench.lines, POINTS)}`);
    console.info(`the same, each fetch advancing its points' last data dates (production):\n${ledgerTable(production.lines, POINTS)}`);
    // The ledger's writes are the meter's, and its reads the meter's plus what it cannot see (absent items).
    const metered = (lines: readonly LedgerLine[]) => lines.filter((line) => !line.kind.includes('condition failed'));
    expect(total(metered(bench.lines), 'wcu')).toBeCloseTo(bench.meter.wcu, 3);
    expect(total(metered(production.lines), 'wcu')).toBeCloseTo(production.meter.wcu, 3);
    expect(total(bench.lines, 'rcu')).toBeGreaterThanOrEqual(bench.meter.rcu - 1e-9);
    expect(total(production.lines, 'wcu')).toBeGreaterThan(0);
    // Production's fetches update their points' last data dates (the bench's sample since run 12 too): each fetch its
    // source's one item, the points' own items once a UTC day (the fetch whose values reach the next day: none in this
    // hour within the day; tests/integration/fetched-dates.test.ts sees that one). Dates ahead, none.
    const calls = (lines: readonly LedgerLine[], kind: string) => lines.filter((line) => line.kind.startsWith(kind)).reduce((sum, line) => sum + line.calls, 0);
    expect(calls(bench.lines, 'point (last data date) · UpdateItem')).toBe(0);
    expect(calls(bench.lines, 'fetched dates')).toBe(0);
    expect(calls(production.lines, 'point (last data date) · UpdateItem')).toBe(0);
    expect(calls(production.lines, 'fetched dates (a source\'s) · UpdateItem')).toBe(4);
    // Within the points' local day, an hour's rollup writes their hour packs alone: days and months wait for the day's end.
    expect(bench.lines.filter((line) => /^(day|month) pack · (PutItem|UpdateItem)/.test(line.kind))).toEqual([]);
    expect(bench.lines.find((line) => line.kind.startsWith('hour pack · PutItem'))?.calls).toBe(POINTS);
    // The units a point-hour by kind of item and call (docs/benchmarks/cost.md, run 13b): a cut that regresses fails here.
    // Before run 13b: raw hour Queries 6 strong, marks 3 strong + 2, hour packs 2 strong, extent markers 1 strong: 14.
    const perPointHour = (kind: string) => +(bench.lines.filter((line) => line.kind === kind).reduce((sum, line) => sum + line.rcu, 0) / POINTS).toFixed(3);
    expect({
      // Each deferring fetch's comparison (its points' hour items in batches of 100 keys), and the hourly rollup's one
      // read of what is pending (a Query from the mark on): eventually consistent.
      rawBatch: perPointHour('raw hour item · BatchGetItem'),
      rawEventual: perPointHour('raw hour item · Query'),
      // The rollup's check after it moved the mark on: strongly consistent (it guards against a value lost).
      rawStrong: perPointHour('raw hour item · Query strong'),
      // Each fetch's first read of the marks, eventually consistent; a deferring fetch's after its writes, strongly.
      markEventual: perPointHour('pending mark · BatchGetItem'),
      markStrong: perPointHour('pending mark · BatchGetItem strong'),
      // The hourly rollup's hour pack: its UTC day's alone, eventually consistent (its write is on its version).
      hourPack: perPointHour('hour pack · BatchGetItem'),
      hourPackStrong: perPointHour('hour pack · BatchGetItem strong'),
      // Extent markers: read only when a pack is created (none in this hour).
      extents: perPointHour('extent marker · BatchGetItem strong') + perPointHour('extent marker · BatchGetItem') + perPointHour('extent marker · GetItem'),
    }).toEqual({ rawBatch: 1.5, rawEventual: 0.5, rawStrong: 1, markEventual: 2, markStrong: 3, hourPack: 0.5, hourPackStrong: 0, extents: 0 });
    expect(total(bench.lines, 'rcu') / POINTS).toBeCloseTo(8.5, 3);
    expect(total(bench.lines, 'wcu') / POINTS).toBeCloseTo(8, 3);
    // No conditional write failed (a stale eventually consistent read would show here, one unit each).
    expect([...bench.lines, ...production.lines].filter((line) => line.kind.includes('condition failed'))).toEqual([]);
  });
});
