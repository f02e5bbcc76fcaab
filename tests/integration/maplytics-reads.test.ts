import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MaplyticsAnswer } from '@shared/schemas/maplytics';
import type { Point } from '@shared/schemas/point';
import { awsEnvironment } from '../../infra/local/emulator';
import { api } from '../support/api';
import { anotherPremiumCustomer } from '../support/customers';
import { testEnvironment } from '../support/environment';

/**
 * What `GET /api/v1/maplytics` reads for a customer of many meters (issue 43): the markers are
 * computed by the service in this process, against the test deployment's tables, and the DynamoDB
 * calls it makes are counted. A rated meter that never had a value costs no read of its series:
 * 300 of them beside one with a value cost the same few calls as the one alone, and the site's
 * rating is the one meter's energy over its surface, as the deployed endpoint answers it.
 */
const SILENT_METERS = 300;
/** The reads of a map whatever its meters: points, locations, alerts and their logs' counts, the rollups of the meters with values. */
const MOST_CALLS = 20;

let customerId: string;
let token: string;
let site: string;

/** The middle of last month in Paris: inside the rating's window (the last 12 complete months). */
const lastMonth = () => DateTime.now().setZone('Europe/Paris').startOf('month').minus({ days: 15 }).toUTC().toISO()!;

beforeAll(async () => {
  ({ customerId, token } = await anotherPremiumCustomer());
  const location = await api<{ _id: string }>('POST', '/api/v2/locations', {
    token,
    body: { name: `Entrepôt ${randomUUID().slice(0, 6)}`, surface: 200, coordinates: { location: { lat: 45.76, lng: 4.84 } } },
  });
  expect(location.status).toBe(200);
  site = location.body.data!._id;
  const created = await api<Point>('POST', '/api/v1/points', {
    token,
    body: { name: 'Compteur général', technical_id: `MAP-READS-${randomUUID().slice(0, 6)}`, resource: 'electricity', series_type: 'counter', unit: 'kWh', location: [site] },
  });
  expect(created.status).toBe(200);
  const metered = created.body.data!;
  expect((await api('POST', '/api/v1/data', { token, body: { data: [{ point: metered._id, date: lastMonth(), value: 5000 }] } })).status).toBe(200);

  // The silent meters, rated as the first (electricity in kWh on the site) but without a value, written straight into the table:
  // indexes, whose consumption would ask for the last value before the window (a query each where no rollup marks where it starts).
  const environment = testEnvironment();
  Object.assign(process.env, awsEnvironment(environment.endpoint), { ENTITIES_TABLE: environment.entitiesTable, SERIES_TABLE: environment.seriesTable });
  const { putPointsWithClaims } = await import('../../functions/src/data/point-repository');
  await putPointsWithClaims(
    Array.from({ length: SILENT_METERS }, (_, index): Point => ({
      ...metered,
      _id: `pt-silent-${randomUUID()}`,
      name: `Sous-compteur ${index}`,
      series_type: 'index',
      technical_id: `MAP-SILENT-${randomUUID().slice(0, 8)}`,
      last_data_date: null,
    })),
  );
});

describe('maplytics reads (issue 43)', () => {
  it('reads no series of the meters without a value: the markers cost a few calls, the rating the one with values', async () => {
    const { listMarkers } = await import('../../functions/src/services/maplytics-service');
    const { dynamoCallsMade } = await import('../../functions/src/clients/dynamodb');
    const total = () => [...dynamoCallsMade().values()].reduce((sum, count) => sum + count, 0);
    const before = total();
    const answer = await listMarkers({ userId: 'usr-test-admin', customerId, homeCustomerId: customerId, role: 'administrator', isRoot: false, remember: false });
    const calls = total() - before;

    const marker = answer.markers.find((candidate) => candidate.location_id === site)!;
    expect(marker.maplytics.points_count).toBe(SILENT_METERS + 1);
    expect(marker.maplytics.energy_kwh).toBe(5000);
    expect(marker.absolute_energy_rating).toBe(25);
    expect(calls, `${calls} DynamoDB calls`).toBeLessThanOrEqual(MOST_CALLS);

    // The deployed endpoint answers the same marker.
    const deployed = await api<MaplyticsAnswer>('GET', '/api/v1/maplytics', { token });
    expect(deployed.status).toBe(200);
    expect(deployed.body.data!.markers.find((candidate) => candidate.location_id === site)).toEqual(marker);
  });
});
