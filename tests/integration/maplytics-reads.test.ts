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
 * rating is the one meter's energy over its surface, as the deployed endpoint answers it. The map
 * reads its sites' summaries, never the customer's points (a Query of them is 20,000 items, ~15 pages,
 * at a large customer's size), and the summaries follow a point created, moved, hidden and deleted.
 */
const SILENT_METERS = 300;
/** The reads of a map whatever its meters: points, locations, alerts and their logs' counts, the rollups of the meters with values. */
const MOST_CALLS = 20;

let customerId: string;
let token: string;
let site: string;
let metered: Point;
let silentIds: string[];

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
  metered = created.body.data!;
  expect((await api('POST', '/api/v1/data', { token, body: { data: [{ point: metered._id, date: lastMonth(), value: 5000 }] } })).status).toBe(200);

  // The silent meters, rated as the first (electricity in kWh on the site) but without a value, written straight into the table:
  // indexes, whose consumption would ask for the last value before the window (a query each where no rollup marks where it starts).
  const environment = testEnvironment();
  Object.assign(process.env, awsEnvironment(environment.endpoint), { ENTITIES_TABLE: environment.entitiesTable, SERIES_TABLE: environment.seriesTable });
  const { putPointsWithClaims } = await import('../../functions/src/data/point-repository');
  const silent = Array.from({ length: SILENT_METERS }, (_, index): Point => ({
      ...metered,
      _id: `pt-silent-${randomUUID()}`,
      name: `Sous-compteur ${index}`,
      series_type: 'index',
      technical_id: `MAP-SILENT-${randomUUID().slice(0, 8)}`,
      last_data_date: null,
    }));
  silentIds = silent.map((point) => point._id);
  await putPointsWithClaims(silent);
});

/** The map's marker of a site, as the deployed endpoint answers it. */
const markerOf = async (locationId: string) => {
  const answer = await api<MaplyticsAnswer>('GET', '/api/v1/maplytics', { token });
  expect(answer.status).toBe(200);
  return answer.body.data!.markers.find((candidate) => candidate.location_id === locationId)!;
};

describe('maplytics reads (issue 43)', () => {
  it('reads no series of the meters without a value: the markers cost a few calls, the rating the one with values', async () => {
    const { listMarkers } = await import('../../functions/src/services/maplytics-service');
    const { dynamo, dynamoCallsMade } = await import('../../functions/src/clients/dynamodb');
    const total = () => [...dynamoCallsMade().values()].reduce((sum, count) => sum + count, 0);
    // Every Query's partition and sort-key prefix, to see what the map reads.
    const queried: string[] = [];
    dynamo.middlewareStack.add(
      (next, context) => async (args) => {
        const values = (args.input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues ?? {};
        // As given, or already marshalled (`{ S: … }`).
        const text = (value: unknown) => String((value as { S?: string } | undefined)?.S ?? value ?? '');
        if (context.commandName === 'QueryCommand') queried.push(`${text(values[':pk'])} ${text(values[':prefix'])}`);
        return next(args);
      },
      { step: 'initialize', name: 'queryRecorder' },
    );
    const before = total();
    const answer = await listMarkers({ userId: 'usr-test-admin', customerId, homeCustomerId: customerId, role: 'administrator', isRoot: false, remember: false });
    const calls = total() - before;
    dynamo.middlewareStack.remove('queryRecorder');
    // Its sites' summaries, not the customer's points.
    expect(queried).toContain(`C#${customerId}#MAPSUM `);
    expect(queried.filter((query) => query.endsWith(' PT#'))).toEqual([]);

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

  it("follows a point moved, hidden, shown again, moved back with others and deleted in the map's counts", async () => {
    const other = await api<{ _id: string }>('POST', '/api/v2/locations', {
      token,
      body: { name: `Annexe ${randomUUID().slice(0, 6)}`, surface: 100, coordinates: { location: { lat: 45.2, lng: 5.7 } } },
    });
    expect(other.status).toBe(200);
    const annex = other.body.data!._id;
    expect((await markerOf(annex)).maplytics.points_count).toBe(0);

    // Moved by its form: it leaves the site's count and rating for the annex's.
    const save = (fields: Partial<Point>) => {
      const { _id, name, technical_id, resource, series_type, unit, location, hide_on_maplytics } = { ...metered, ...fields };
      return api<Point>('PUT', '/api/v1/points', { token, body: { _id, name, technical_id, resource, series_type, unit, location, hide_on_maplytics } });
    };
    expect((await save({ location: [annex] })).status).toBe(200);
    const [siteAfterMove, annexAfterMove] = [await markerOf(site), await markerOf(annex)];
    expect(siteAfterMove.maplytics.points_count).toBe(SILENT_METERS);
    expect(siteAfterMove.absolute_energy_rating).toBeNull();
    expect(annexAfterMove.maplytics.points_count).toBe(1);
    expect(annexAfterMove.maplytics.energy_kwh).toBe(5000);
    expect(annexAfterMove.absolute_energy_rating).toBe(50);

    // Hidden from maplytics: counted nowhere; shown again: back on the annex.
    expect((await save({ location: [annex], hide_on_maplytics: true })).status).toBe(200);
    expect((await markerOf(annex)).maplytics.points_count).toBe(0);
    expect((await save({ location: [annex], hide_on_maplytics: false })).status).toBe(200);
    expect((await markerOf(annex)).maplytics.points_count).toBe(1);

    // Moved back with two silent meters by the points' position: the annex holds the two, the site the rest.
    const moved = await api('PUT', '/api/v1/points/position', { token, body: { points: [metered._id], location_id: site, current_location: annex } });
    expect(moved.status).toBe(200);
    const movedSilent = await api('PUT', '/api/v1/points/position', { token, body: { points: silentIds.slice(0, 2), location_id: annex, current_location: site } });
    expect(movedSilent.status).toBe(200);
    expect((await markerOf(annex)).maplytics.points_count).toBe(2);
    const back = await markerOf(site);
    expect(back.maplytics.points_count).toBe(SILENT_METERS - 1);
    expect(back.absolute_energy_rating).toBe(25);

    // Deleted: one fewer.
    expect((await api('DELETE', `/api/v1/points/${silentIds[0]}`, { token })).status).toBe(200);
    expect((await markerOf(annex)).maplytics.points_count).toBe(1);
  });

  it("rebuilds a customer's summaries from its points: what was lost comes back, and a second run writes nothing", async () => {
    const { rebuildMapSummaries } = await import('../../functions/src/services/map-summary-rebuild');
    const { pageOfMapSummaryKeys } = await import('../../functions/src/data/map-summary');
    const { deleteItems } = await import('../../functions/src/data/table');
    const before = await markerOf(site);
    expect(before.maplytics.points_count).toBeGreaterThan(0);
    await deleteItems(await pageOfMapSummaryKeys(customerId, 1_000));
    expect((await markerOf(site)).maplytics.points_count).toBe(0);

    const rebuild = () => rebuildMapSummaries({ kind: 'map_summary_rebuild', customerId }, Date.now() + 60_000);
    expect((await rebuild()).sitesWritten).toBeGreaterThanOrEqual(2);
    expect(await markerOf(site)).toEqual(before);
    expect((await rebuild()).sitesWritten).toBe(0);
  });
});
