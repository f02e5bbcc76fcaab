import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Point } from '@shared/schemas/point';
import type { Source } from '@shared/schemas/source';
import { awsEnvironment } from '../../infra/local/emulator';
import { api } from '../support/api';
import { anotherPremiumCustomer } from '../support/customers';
import { testEnvironment } from '../support/environment';
import { meteredUnits } from '../support/usage-units';

/**
 * A source's fetch keeps its customer's point list in the warm instance (issue 41, cut 3) and reads
 * only the points' stamp while no point was written. This process is that warm instance: it asks
 * `pointsForFetch` as a fetch does, while the deployed API writes points (each write moving the stamp
 * in its own transaction), and the usage meter counts what each ask read.
 */
const OTHER_POINTS = 200;
/** The stamp alone: one small item, strongly consistent. */
const MOST_UNITS_UNCHANGED = 1;

let customerId: string;
let token: string;
let source: Source;
let fetched: typeof import('../../functions/src/services/fetched-points');
let repository: typeof import('../../functions/src/data/point-repository');

/** The read units `work` spends, from the usage meter (as the cost bench prices them). */
const readUnitsOf = async <T>(work: () => Promise<T>): Promise<{ units: number; result: T }> => {
  const { rcu, result } = await meteredUnits(work);
  return { units: rcu, result };
};

/** What the next fetch of the source sees: the points it feeds, as the fetch's list has them. */
const fedBySource = async () => {
  const { units, result } = await readUnitsOf(() => fetched.pointsForFetch(customerId));
  return { units, fed: result.filter((point) => point.source === source._id && point.active) };
};

const savedPoint = async (method: 'POST' | 'PUT', body: Record<string, unknown>) => {
  const answer = await api<Point>(method, '/api/v1/points', { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data!;
};

beforeAll(async () => {
  ({ customerId, token } = await anotherPremiumCustomer());
  const environment = testEnvironment();
  Object.assign(process.env, awsEnvironment(environment.endpoint), { ENTITIES_TABLE: environment.entitiesTable, SERIES_TABLE: environment.seriesTable });
  fetched = await import('../../functions/src/services/fetched-points');
  repository = await import('../../functions/src/data/point-repository');
  const created = await api<Source>('POST', '/api/v1/sources/custom', { token, body: { name: `Capteurs ${randomUUID().slice(0, 6)}`, type: 'custom' } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  source = created.body.data!;
  const template = await savedPoint('POST', { name: 'Modèle', technical_id: `STAMP-${randomUUID().slice(0, 8)}`, resource: 'electricity', series_type: 'counter', unit: 'kWh' });
  await repository.putPointsWithClaims(
    Array.from({ length: OTHER_POINTS }, (_, index): Point => ({ ...template, _id: `pt-other-${randomUUID()}`, name: `Autre compteur ${index}`, technical_id: `STAMP-OTHER-${randomUUID().slice(0, 8)}` })),
  );
});

describe("a fetch's point list kept by a warm instance (issue 41, cut 3)", () => {
  it('is read once, then costs the stamp alone while no point is written', async () => {
    const first = await fedBySource();
    expect(first.fed).toEqual([]);
    const again = await fedBySource();
    expect(again.units, `${again.units} read units for an unchanged list`).toBeLessThanOrEqual(MOST_UNITS_UNCHANGED);
    // The first read the customer's points (the meter sees them): what the stamp saves.
    expect(first.units, `${first.units} read units for the list`).toBeGreaterThan(MOST_UNITS_UNCHANGED * 20);
  });

  it('sees at the next fetch every point created, changed, moved, hidden or deleted meanwhile', async () => {
    await fedBySource();
    const technicalId = `SRC-${randomUUID().slice(0, 8)}`;
    const input = { name: 'Capteur hall', technical_id: technicalId, resource: 'temperature', series_type: 'measure', unit: '°C', source: source._id };
    const point = await savedPoint('POST', input);
    const afterCreate = await fedBySource();
    expect(afterCreate.fed.map((entry) => [entry._id, entry.technical_id])).toEqual([[point._id, technicalId]]);
    expect(afterCreate.units).toBeGreaterThan(MOST_UNITS_UNCHANGED);

    const renamed = { ...input, _id: point._id, technical_id: `${technicalId}-B` };
    await savedPoint('PUT', renamed);
    expect((await fedBySource()).fed.map((entry) => entry.technical_id)).toEqual([`${technicalId}-B`]);

    await savedPoint('PUT', { ...renamed, source: null });
    expect((await fedBySource()).fed).toEqual([]);
    await savedPoint('PUT', renamed);
    expect((await fedBySource()).fed.map((entry) => entry._id)).toEqual([point._id]);

    const location = await api<{ _id: string }>('POST', '/api/v2/locations', { token, body: { name: `Atelier ${randomUUID().slice(0, 6)}` } });
    expect(location.status).toBe(200);
    expect((await api('PUT', '/api/v1/points/position', { token, body: { points: [point._id], location_id: location.body.data!._id } })).status).toBe(200);
    expect((await fedBySource()).fed.map((entry) => entry.location)).toEqual([[location.body.data!._id]]);

    const beforeHiding = await repository.readPointsStamp(customerId);
    expect((await api('PUT', '/api/v1/points/hide-on-maplytics', { token, body: { points: [point._id], hide_on_maplytics: true } })).status).toBe(200);
    // Hidden on the map, it is fed as before: nothing a fetch keeps changed, so the stamp stays (no bulk hide meets on it).
    expect(await repository.readPointsStamp(customerId)).toBe(beforeHiding);

    // A value ingested advances the point's last data date without moving the stamp: fetches keep their list.
    const beforeIngest = await repository.readPointsStamp(customerId);
    expect((await api('POST', '/api/v1/data', { token, body: { data: [{ point: point._id, date: '2026-10-15T10:00:00Z', value: 19.5 }] } })).status).toBe(200);
    expect(await repository.readPointsStamp(customerId)).toBe(beforeIngest);

    expect((await api('POST', '/api/v1/points/delete', { token, body: { points: [point._id] } })).status).toBe(200);
    expect((await fedBySource()).fed).toEqual([]);
  });

  it("keys the stamp by customer: another customer's writes leave it, and a batch put moves it", async () => {
    const before = await repository.readPointsStamp(customerId);
    const other = await anotherPremiumCustomer();
    expect((await api('POST', '/api/v1/points', { token: other.token, body: { name: 'Ailleurs', technical_id: `ELSE-${randomUUID().slice(0, 8)}`, resource: 'electricity', series_type: 'counter', unit: 'kWh' } })).status).toBe(200);
    expect(await repository.readPointsStamp(customerId)).toBe(before);
    const [point] = await repository.listPointsOfCustomerConsistently(customerId);
    await repository.putPointsWithClaims([{ ...point, name: `${point.name} bis` }]);
    expect(await repository.readPointsStamp(customerId)).not.toBe(before);
  });
});
