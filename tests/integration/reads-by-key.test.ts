import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Point } from '@shared/schemas/point';
import { awsEnvironment } from '../../infra/local/emulator';
import type { Caller } from '../../functions/src/services/caller';
import { api } from '../support/api';
import { anotherPremiumCustomer } from '../support/customers';
import { testEnvironment } from '../support/environment';
import { meteredUnits } from '../support/usage-units';

/**
 * What reading a few points costs a customer of many (issues 41 and 43): a widget's series, an
 * ingest, an alert's evaluation, an export's cells read the points they name and those points'
 * locations by key, not every point of the customer. Run by the services in this process against
 * the test deployment's tables, with the usage meter on: the read units they spend (computed from
 * the item sizes read, as the cost bench prices them) stay those of a few items beside 300 other
 * points (whose list alone is ~40 read units).
 */
const OTHER_POINTS = 300;
/** A few points and locations by key, their series' rollups: far under the other points' list. */
const MOST_READ_UNITS = 12;

let customerId: string;
let token: string;
let metered: Point;
let caller: Caller;

beforeAll(async () => {
  ({ customerId, token } = await anotherPremiumCustomer());
  const location = await api<{ _id: string }>('POST', '/api/v2/locations', { token, body: { name: `Atelier ${randomUUID().slice(0, 6)}` } });
  expect(location.status).toBe(200);
  const created = await api<Point>('POST', '/api/v1/points', {
    token,
    body: { name: 'Compteur atelier', technical_id: `BYKEY-${randomUUID().slice(0, 6)}`, resource: 'electricity', series_type: 'counter', unit: 'kWh', location: [location.body.data!._id] },
  });
  expect(created.status).toBe(200);
  metered = created.body.data!;
  // A value in October, and one in the hour the alert below reads (before 1 January 08:00 in Paris), so that it evaluates quiet.
  const values = [
    { point: metered._id, date: '2026-10-15T10:00:00Z', value: 12 },
    { point: metered._id, date: '2026-01-01T06:30:00Z', value: 5 },
  ];
  expect((await api('POST', '/api/v1/data', { token, body: { data: values } })).status).toBe(200);

  const environment = testEnvironment();
  Object.assign(process.env, awsEnvironment(environment.endpoint), { ENTITIES_TABLE: environment.entitiesTable, SERIES_TABLE: environment.seriesTable });
  const { putPointsWithClaims } = await import('../../functions/src/data/point-repository');
  await putPointsWithClaims(
    Array.from({ length: OTHER_POINTS }, (_, index): Point => ({ ...metered, _id: `pt-other-${randomUUID()}`, name: `Autre compteur ${index}`, technical_id: `BYKEY-OTHER-${randomUUID().slice(0, 8)}` })),
  );
  caller = { userId: 'usr-test-admin', customerId, homeCustomerId: customerId, role: 'administrator', isRoot: false, remember: false };
});

/** The read units `work` spends, from the usage meter. */
const readUnitsOf = async (work: () => Promise<unknown>): Promise<number> => (await meteredUnits(work)).rcu;

describe('reads by key (issues 41 and 43)', () => {
  it('a point\'s series, an ingest and an alert\'s evaluation read that point, not the customer\'s others', async () => {
    const { querySeries } = await import('../../functions/src/services/series-service');
    const { ingestEntries } = await import('../../functions/src/services/series-write-service');
    const { evaluateAlert } = await import('../../functions/src/services/alert-evaluation-service');

    const series = await readUnitsOf(() =>
      querySeries(caller, { points: [{ point: metered._id, calculation: 'sum' }], sampling: 'day', period_type: 'dateToDate', period: 'month', offset: 0, start: '2026-10-01T00:00:00Z', end: '2026-11-01T00:00:00Z' }),
    );
    expect(series, `${series} read units for a month of one point`).toBeLessThanOrEqual(MOST_READ_UNITS);

    const ingest = await readUnitsOf(() => ingestEntries(caller, [{ point: metered._id, date: '2026-10-15T11:00:00Z', value: 13, automated_datetime: false }]));
    expect(ingest, `${ingest} read units for one value`).toBeLessThanOrEqual(MOST_READ_UNITS);

    const alert = await api<{ _id: string }>('POST', '/api/v1/alerts', {
      token,
      body: {
        alert: {
          name: `Surconsommation ${randomUUID().slice(0, 6)}`,
          points: [{ point: metered._id }],
          sampling: 'hour',
          cron_time: '0 8 1 1 *',
          conditions: [[{ from_calculation: 'avg', operation: 'gt', to_value: 1_000_000 }]],
          email: { to: ['exploitation@atelier.example'], cc: [], bcc: [] },
        },
      },
    });
    expect(alert.status).toBe(200);
    let outcome: unknown;
    const evaluation = await readUnitsOf(async () => {
      outcome = await evaluateAlert(customerId, alert.body.data!._id);
    });
    expect(outcome).toMatchObject({ outcome: 'quiet' });
    expect(evaluation, `${evaluation} read units for an alert of one point`).toBeLessThanOrEqual(MOST_READ_UNITS);
  });

  it('reads the customer\'s other points where a list is what is asked (the meter sees them)', async () => {
    const { listPointsOfCustomer } = await import('../../functions/src/data/point-repository');
    const list = await readUnitsOf(() => listPointsOfCustomer(customerId));
    expect(list).toBeGreaterThan(MOST_READ_UNITS * 2);
  });
});
