import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Point } from '@shared/schemas/point';
import type { MaplyticsPoints } from '@shared/schemas/maplytics';
import { awsEnvironment } from '../../infra/local/emulator';
import type { StoredValue } from '../../functions/src/data/raw-value-repository';
import { keys } from '../../functions/src/data/keys';
import { api } from '../support/api';
import { entities } from '../support/aws';
import { anotherPremiumCustomer } from '../support/customers';
import { testEnvironment } from '../support/environment';

/**
 * A source fetch's last data dates (issue 41, docs/architecture/series.md "Last data dates of
 * fetched points"): a fetch records its points' latest dates in its source's one item, and
 * advances the points' own items once a UTC day; every reader answers the later of the two, right
 * after the fetch. The fetch runs in this process, as the scheduled jobs' function runs it
 * (`storeFetchedValues`), against the deployed tables.
 */
let customerId: string;
let token: string;
let site: string;
let point: Point;
let sourceId: string;
let pointBody: Record<string, unknown>;
let values: typeof import('../../functions/src/services/source-values');
let repository: typeof import('../../functions/src/data/point-repository');
let fetched: typeof import('../../functions/src/services/fetched-points');

const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;
const valueAt = (iso: string): StoredValue => ({ pointId: point._id, customerId, at: Date.parse(iso), value: 42, status: '1', zone: 'Europe/Paris' });
/** A fetch of these instants, its points' dates known as `known` (the fetch's list). */
const fetchAt = (known: string | null, ...instants: string[]) =>
  values.storeFetchedValues(customerId, sourceId, instants.map(valueAt), [{ ...point, calculation: null, last_data_date: known }]);
const storedDate = async () => (await repository.getPoint(customerId, point._id))?.last_data_date;

beforeAll(async () => {
  ({ customerId, token } = await anotherPremiumCustomer());
  const environment = testEnvironment();
  Object.assign(process.env, awsEnvironment(environment.endpoint), { ENTITIES_TABLE: environment.entitiesTable, SERIES_TABLE: environment.seriesTable, CONNECTIONS_TABLE: environment.connectionsTable });
  [values, repository, fetched] = await Promise.all([
    import('../../functions/src/services/source-values'),
    import('../../functions/src/data/point-repository'),
    import('../../functions/src/services/fetched-points'),
  ]);
  const location = await api<{ _id: string }>('POST', '/api/v2/locations', { token, body: { name: unique('Site'), surface: 20, coordinates: { location: { lat: 45.2, lng: 5.73 } } } });
  expect(location.status).toBe(200);
  site = location.body.data!._id;
  pointBody = { name: unique('Capteur'), technical_id: unique('DATES'), resource: 'electricity', series_type: 'counter', unit: 'kWh', location: [site] };
  const created = await api<Point>('POST', '/api/v1/points', { token, body: pointBody });
  expect(created.status).toBe(200);
  point = created.body.data!;
  const source = await api<{ _id: string }>('POST', '/api/v1/sources', { token, body: { name: unique('Capteurs'), family: 'manual' } });
  expect(source.status).toBe(200);
  sourceId = source.body.data!._id;
});

describe("a source fetch's last data dates (issue 41)", () => {
  it("are answered by every reader right after the fetch, the point's own item advanced once a UTC day", async () => {
    await fetchAt(null, '2026-06-10T10:10:00Z');
    // A point's first fetched values advance its own item.
    expect(await storedDate()).toBe('2026-06-10T10:10:00.000Z');
    await fetchAt('2026-06-10T10:10:00.000Z', '2026-06-10T10:20:00Z');
    // Within the hour, the fetch writes its source's item alone…
    expect(await storedDate()).toBe('2026-06-10T10:10:00.000Z');
    // …and every reader answers the newer date.
    const newer = '2026-06-10T10:20:00.000Z';
    // The source's item is in the customer's partition of fetched dates, not in its own partition (where its points are).
    expect(await entities.get(keys.fetchedDates(customerId, sourceId))).toMatchObject({ source: sourceId, [`d_${point._id}`]: Date.parse(newer) });
    expect(await entities.get(keys.legacyFetchedDates(customerId, sourceId))).toBeUndefined();
    const dateIn = (points: readonly { _id: string; last_data_date: string | null }[] | undefined) => points?.find((candidate) => candidate._id === point._id)?.last_data_date;
    const whole = await api<Point[]>('GET', '/api/v1/points', { token });
    expect(dateIn(whole.body.data)).toBe(newer);
    const page = await api<Point[]>('GET', '/api/v1/points?limit=10', { token });
    expect(dateIn(page.body.data)).toBe(newer);
    const selection = await api<Point[]>('GET', `/api/v2/points/get-all/${site}?limit=10`, { token });
    expect(dateIn(selection.body.data)).toBe(newer);
    const withNames = await api<Point[]>('GET', '/api/v1/points/get-all-with-locations-name?limit=10', { token });
    expect(dateIn(withNames.body.data)).toBe(newer);
    const ofLocation = await api<Point[]>('GET', `/api/v1/locations/points/${site}`, { token });
    expect(dateIn(ofLocation.body.data)).toBe(newer);
    const byIds = await api<Point[]>('POST', '/api/v1/points/by-ids', { token, body: { ids: [point._id] } });
    expect(dateIn(byIds.body.data)).toBe(newer);
    const manual = await api<(Point & { last_value: { date: string; value: number } | null })[]>('GET', `/api/v1/points/data/${site}`, { token });
    expect(dateIn(manual.body.data)).toBe(newer);
    expect(manual.body.data!.find((candidate) => candidate._id === point._id)?.last_value).toEqual({ date: newer, value: 42 });
    const detail = await api<MaplyticsPoints>('GET', `/api/v1/points/maplytics/${site}`, { token });
    expect(detail.status).toBe(200);
    expect(dateIn(detail.body.data!.points)).toBe(newer);
    const saved = await api<Point>('PUT', '/api/v1/points', { token, body: { ...pointBody, _id: point._id, name: unique('Capteur') } });
    expect(saved.status).toBe(200);
    expect(saved.body.data!.last_data_date).toBe(newer);
    // The next fetch's window starts there (a fetch's list of points, read afresh).
    expect((await fetched.pointsForFetch(customerId)).find((candidate) => candidate._id === point._id)?.last_data_date).toBe(newer);

    // A fetch in a later hour of the same UTC day does not advance the point's own item…
    await fetchAt(newer, '2026-06-10T10:50:00Z', '2026-06-10T11:00:00Z');
    expect(await storedDate()).toBe('2026-06-10T10:10:00.000Z');
    expect(dateIn((await api<Point[]>('POST', '/api/v1/points/by-ids', { token, body: { ids: [point._id] } })).body.data)).toBe('2026-06-10T11:00:00.000Z');
    // …the first fetch in a later UTC day does.
    await fetchAt('2026-06-10T23:50:00.000Z', '2026-06-11T00:00:00Z');
    expect(await storedDate()).toBe('2026-06-11T00:00:00.000Z');
  });

  it("are given to their points' own items when the source is deleted", async () => {
    await fetchAt('2026-06-11T00:00:00.000Z', '2026-06-11T00:10:00Z');
    expect(await storedDate()).toBe('2026-06-11T00:00:00.000Z');
    const deleted = await api('DELETE', `/api/v1/sources/${sourceId}`, { token });
    expect(deleted.status).toBe(200);
    expect(await storedDate()).toBe('2026-06-11T00:10:00.000Z');
    expect(await entities.get(keys.fetchedDates(customerId, sourceId))).toBeUndefined();
    const byIds = await api<Point[]>('POST', '/api/v1/points/by-ids', { token, body: { ids: [point._id] } });
    expect(byIds.body.data![0].last_data_date).toBe('2026-06-11T00:10:00.000Z');
  });

  it("are moved by the deploy's migrations from where older versions kept them, never a date back (step 8)", async () => {
    const { moveLegacyFetchedDates, recordFetchedDates } = await import('../../functions/src/data/fetched-dates-repository');
    const source = await api<{ _id: string }>('POST', '/api/v1/sources', { token, body: { name: unique('Capteurs'), family: 'manual' } });
    expect(source.status).toBe(200);
    const kept = source.body.data!._id;
    const gone = unique('src-gone');
    const dateOf = async () => (await api<Point[]>('POST', '/api/v1/points/by-ids', { token, body: { ids: [point._id] } })).body.data![0].last_data_date;
    // As versions before 2026-11-29's kept them, in the customer's partition; one of a source deleted since.
    const legacy = (id: string, dates: Record<string, string>) =>
      entities.put({ ...keys.legacyFetchedDates(customerId, id), kind: 'fetched-dates', source: id, ...Object.fromEntries(Object.entries(dates).map(([pointId, iso]) => [`d_${pointId}`, Date.parse(iso)])) });
    await legacy(kept, { [point._id]: '2026-06-12T08:00:00.000Z', 'pt-elsewhere': '2026-06-12T07:00:00.000Z' });
    await legacy(gone, { [point._id]: '2026-06-13T00:00:00.000Z' });
    // Not read where they are: the point answers its own item's date.
    expect(await dateOf()).toBe('2026-06-11T00:10:00.000Z');

    expect(await moveLegacyFetchedDates(customerId)).toBe(2);
    expect(await dateOf()).toBe('2026-06-12T08:00:00.000Z');
    expect(await entities.get(keys.legacyFetchedDates(customerId, kept))).toBeUndefined();
    expect(await entities.get(keys.legacyFetchedDates(customerId, gone))).toBeUndefined();
    expect(await entities.get(keys.fetchedDates(customerId, gone))).toBeUndefined();

    // A fetch of this version wrote a later date before the migration reached the customer: it stays.
    await recordFetchedDates(customerId, kept, new Map([[point._id, Date.parse('2026-06-12T09:00:00.000Z')]]));
    await legacy(kept, { [point._id]: '2026-06-12T08:30:00.000Z' });
    expect(await moveLegacyFetchedDates(customerId)).toBe(1);
    expect(await entities.get(keys.fetchedDates(customerId, kept))).toMatchObject({ [`d_${point._id}`]: Date.parse('2026-06-12T09:00:00.000Z'), 'd_pt-elsewhere': Date.parse('2026-06-12T07:00:00.000Z') });
    expect(await dateOf()).toBe('2026-06-12T09:00:00.000Z');
    // Run again, it finds nothing to move.
    expect(await moveLegacyFetchedDates(customerId)).toBe(0);
  });
});
