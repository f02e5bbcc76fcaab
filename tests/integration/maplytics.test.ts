import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { lastCompleteBucket } from '@shared/alerts/bucket';
import { latestOccurrence } from '@shared/alerts/cron';
import type { Level } from '@shared/maplytics/levels';
import type { Alert } from '@shared/schemas/alert';
import type { GeocodedAddress, MapMarker, MaplyticsAnswer, MaplyticsPoints } from '@shared/schemas/maplytics';
import { api, login } from '../support/api';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';
import { runScheduledJob } from '../support/scheduled-job';
import { hourAverage } from '../support/series';

/**
 * Maplytics against the deployed stack: the markers of the sites a caller may open, rated by their
 * energy per m² and counting open alerts, a site's points and their figures, the settings saved per
 * site and per point, and the address search through the geocoding provider.
 */

let admin: string;
let member: string;
let basic: string;
const unique = (prefix: string) => `${prefix}-${Date.now()}-${randomUUID().slice(0, 6)}`;
const premium = () => testEnvironment().customers.premium;

/** The middle of last month in Paris: inside the rating's window (the last 12 complete months) and the sliding year. */
const lastMonth = () => DateTime.now().setZone('Europe/Paris').startOf('month').minus({ days: 15 }).toUTC().toISO()!;

const createLocation = async (body: Record<string, unknown>, token = admin) => {
  const answer = await api<{ _id: string }>('POST', '/api/v2/locations', { token, body: { name: unique('Site'), ...body } });
  expect(answer.status).toBe(200);
  return answer.body.data!._id;
};

const at = (lat: number, lng: number) => ({ coordinates: { location: { lat, lng } } });

const createPoint = async (location: string[], fields: Record<string, unknown> = {}, token = admin) => {
  const answer = await api<{ _id: string }>('POST', '/api/v1/points', {
    token,
    body: { name: unique('Compteur'), technical_id: unique('MAP'), resource: 'electricity', series_type: 'counter', unit: 'kWh', location, ...fields },
  });
  expect(answer.status).toBe(200);
  return answer.body.data!._id;
};

const write = async (point: string, value: number, date = lastMonth()) => {
  const answer = await api('POST', '/api/v1/data', { token: admin, body: { data: [{ point, date, value }] } });
  expect(answer.status).toBe(200);
};

const markers = async (token = admin) => {
  const answer = await api<MaplyticsAnswer>('GET', '/api/v1/maplytics', { token });
  expect(answer.status).toBe(200);
  return answer.body.data!;
};

const markerOf = async (locationId: string, token = admin): Promise<MapMarker | undefined> =>
  (await markers(token)).markers.find((marker) => marker.location_id === locationId);

const pointsOf = (locationId: string, token = admin, query = '') => api<MaplyticsPoints>('GET', `/api/v1/points/maplytics/${locationId}${query}`, { token });

const LEVELS: Level[] = [
  { level: 'danger', operation: 'gte', value: 10 },
  { level: 'warning', operation: 'gt', value: 0 },
  { level: 'success', operation: 'lte', value: 0 },
];

beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
  member = (await login('premiumMember')).user.jwt;
  basic = (await login('basicAdministrator')).user.jwt;
});

describe('maplytics markers', () => {
  it('colour each located site by its kWh per m² over the last 12 complete months (points hidden from maplytics left out)', async () => {
    const green = await createLocation({ surface: 100, ...at(45.76, 4.84) });
    const yellow = await createLocation({ surface: 100, ...at(45.77, 4.85) });
    const orange = await createLocation({ surface: 100, ...at(45.78, 4.86) });
    const red = await createLocation({ surface: 100, ...at(45.79, 4.87) });
    const blue = await createLocation({ surface: null, ...at(45.8, 4.88) });
    const greenMeter = await createPoint([green]);
    const hiddenMeter = await createPoint([green], { hide_on_maplytics: true });
    await write(greenMeter, 1000);
    await write(hiddenMeter, 50_000);
    await write(await createPoint([yellow], { resource: 'thermal' }), 3000);
    await write(await createPoint([orange], { resource: 'gaz' }), 6000);
    // In Wh, converted: 9,000 kWh.
    await write(await createPoint([red], { unit: 'Wh' }), 9_000_000);
    await write(await createPoint([blue]), 5000);
    // Water is no energy: never rated.
    await write(await createPoint([blue], { resource: 'water', unit: 'm³' }), 10);

    const expected: Record<string, number | null> = { [green]: 10, [yellow]: 30, [orange]: 60, [red]: 90, [blue]: null };
    const ratings = async () => Object.fromEntries((await markers()).markers.filter((marker) => marker.location_id in expected).map((marker) => [marker.location_id, marker.absolute_energy_rating]));
    const complete = (found: Record<string, number | null>) => Object.entries(expected).every(([id, rating]) => id in found && found[id] === rating);
    expect(await eventually(ratings, complete)).toEqual(expected);

    const marker = (await markerOf(green))!;
    expect(marker).toMatchObject({ latitude: 45.76, longitude: 4.84, alerts_found: 0, maplytics: { surface: 100, energy_kwh: 1000, points_count: 1, timezone: 'Europe/Paris' } });
    expect(marker.maplytics.rating_to.slice(8, 19)).toBe('01T00:00:00');
  });

  it('answer the box holding every marker and its centre', async () => {
    const { markers: all, bounds, center } = await markers();
    expect(all.length).toBeGreaterThan(0);
    const lats = all.map((marker) => marker.latitude);
    expect(bounds!.southwest.lat).toBe(Math.min(...lats));
    expect(bounds!.northeast.lat).toBe(Math.max(...lats));
    expect(center!.lat).toBeCloseTo((bounds!.southwest.lat + bounds!.northeast.lat) / 2);
  });

  it('leave out hidden sites and sites without coordinates', async () => {
    const hidden = await createLocation({ hidden: true, surface: 10, ...at(45.7, 4.8) });
    const underHidden = await createLocation({ parent: hidden, ...at(45.71, 4.81) });
    const nowhere = await createLocation({ surface: 10 });
    const ids = (await markers()).markers.map((marker) => marker.location_id);
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain(underHidden);
    expect(ids).not.toContain(nowhere);
    expect((await pointsOf(hidden)).status).toBe(404);
  });

  it("show a member only the sites their location permission opens", async () => {
    const mine = await createLocation({ ...at(45.75, 4.83) });
    const ids = (await markers(member)).markers.map((marker) => marker.location_id);
    expect(ids.sort()).toEqual(['loc-grenoble', 'loc-lyon-a']);
    expect((await markers(admin)).markers.map((marker) => marker.location_id)).toEqual(expect.arrayContaining(['loc-lyon', 'loc-lyon-a', 'loc-lyon-b', 'loc-grenoble', mine]));
    expect((await pointsOf(mine, member)).status).toBe(404);
    expect((await pointsOf('loc-lyon-a', member)).status).toBe(200);
    const refused = await api('PUT', `/api/v1/locations/maplytics_settings/${mine}`, { token: member, body: { maplytics_custom_settings: { levels: LEVELS } } });
    expect(refused.status).toBe(404);
  });

  it('count the open entries of the active alerts watching a site, and forget them once acquitted', async () => {
    const site = await createLocation({ surface: 50, ...at(45.19, 5.72) });
    const watched = await createPoint([site], { series_type: 'measure', unit: 'kW' });
    // An hourly alert due on 1 January 00:00 reads the last hour of the year before: values there make it fire.
    const bucket = lastCompleteBucket(latestOccurrence('0 0 1 1 *', 'Europe/Paris', Date.now()), 'hour', 'Europe/Paris');
    await api('POST', '/api/v1/data', { token: admin, body: { data: [45, 55].map((value, index) => ({ point: watched, date: new Date(bucket.from + (index + 1) * 60_000).toISOString(), value })) } });
    expect(await eventually(() => hourAverage(admin, watched, bucket), (value) => value === 50)).toBe(50);
    const body = {
      name: unique('Surchauffe'),
      points: [{ point: watched }],
      sampling: 'hour',
      cron_time: '0 0 1 1 *',
      conditions: [[{ from_calculation: 'avg', operation: 'gt', to_value: 40 }]],
      email: { to: ['exploitation@energie-plus.example'], cc: [], bcc: [] },
    };
    const created = await api<Alert>('POST', '/api/v1/alerts', { token: admin, body: { alert: body } });
    expect(created.status).toBe(200);
    const alert = created.body.data!;
    expect(await runScheduledJob({ kind: 'alert', id: alert._id, customerId: premium() })).toMatchObject({ outcome: 'fired' });
    expect((await markerOf(site))?.alerts_found).toBe(1);

    // A deactivated alert does not make its site blink.
    const paused = await api('PUT', '/api/v1/alerts', { token: admin, body: { alert: { ...body, _id: alert._id, active: false } } });
    expect(paused.status).toBe(200);
    expect((await markerOf(site))?.alerts_found).toBe(0);
    await api('PUT', '/api/v1/alerts', { token: admin, body: { alert: { ...body, _id: alert._id, active: true } } });
    expect((await markerOf(site))?.alerts_found).toBe(1);

    const acquitted = await api('PUT', '/api/v1/alerts/acquit-all-log', { token: admin, body: { alert: { id: alert._id, comments: 'Vu' } } });
    expect(acquitted.status).toBe(200);
    expect((await markerOf(site))?.alerts_found).toBe(0);
  });

  it('are premium: the basic customer is refused with 403 premium_required', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/v1/maplytics', undefined],
      ['GET', '/api/v1/points/maplytics/loc-mairie', undefined],
      ['PUT', '/api/v1/locations/maplytics_settings/loc-mairie', { maplytics_custom_settings: { levels: null } }],
    ] as const) {
      const answer = await api(method, path, { token: basic, body });
      expect(answer.status).toBe(403);
      expect(answer.body.msg).toBe('premium_required');
    }
  });
});

describe("a site's points", () => {
  it('list the points shown on maplytics with the figure of the period, the previous one and the change', async () => {
    const site = await createLocation({ surface: 20, ...at(45.2, 5.73) });
    const meter = await createPoint([site]);
    const hidden = await createPoint([site], { hide_on_maplytics: true });
    await write(meter, 420);
    const answer = await eventually(
      () => pointsOf(site, admin, '?period_type=slidingPeriod&period=year'),
      (found) => found.body.data?.points[0]?.figures.value === 420,
    );
    expect(answer.status).toBe(200);
    const { location, period, points } = answer.body.data!;
    expect(location).toMatchObject({ _id: site, maplytics_custom_settings: { levels: null } });
    expect(period).toMatchObject({ period_type: 'slidingPeriod', period: 'year', sampling: 'day', timezone: 'Europe/Paris' });
    expect(points.map((point) => point._id)).toEqual([meter]);
    expect(points.map((point) => point._id)).not.toContain(hidden);
    expect(points[0].figures).toMatchObject({ calculation: 'sum', unit: 'kWh', value: 420, previous: null, evolution: null });
    expect(points[0].buckets.values.filter((value) => value !== null)).toEqual([420]);
    expect(points[0].buckets.dates).toHaveLength(points[0].buckets.values.length);

    const calendar = await pointsOf(site, admin, '?period_type=fixedPeriod&period=day');
    expect(calendar.body.data!.period).toMatchObject({ period_type: 'fixedPeriod', period: 'day', sampling: 'hour' });
    expect(calendar.body.data!.points[0].buckets.values).toHaveLength(24);
    expect((await pointsOf(site, admin, '?period=decade')).status).toBe(400);
  });

  it("answer 404 for another customer's site", async () => {
    expect((await pointsOf('loc-mairie')).status).toBe(404);
  });
});

describe('maplytics settings', () => {
  it('are saved per site and per point, and survive the settings screen saving the site and the point', async () => {
    const site = await createLocation({ surface: 10, ...at(45.21, 5.74) });
    const point = await createPoint([site]);
    const saved = await api('PUT', `/api/v1/locations/maplytics_settings/${site}`, { token: admin, body: { maplytics_custom_settings: { levels: LEVELS } } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ _id: site, maplytics_custom_settings: { levels: LEVELS } });
    const own: Level[] = [{ level: 'success', operation: 'lt', value: 5 }];
    expect((await api('PUT', `/api/v1/points/maplytics_settings/${point}`, { token: admin, body: { maplytics_custom_settings: { levels: own } } })).status).toBe(200);

    // The location and point forms know nothing of these settings: their saves leave them.
    expect((await api('PUT', '/api/v2/locations', { token: admin, body: { _id: site, name: 'Site renommé', surface: 12, ...at(45.21, 5.74) } })).status).toBe(200);
    // The point as the screen read it, sent back whole: the settings it carries are not taken from a point's save.
    const stored = (await api<Record<string, unknown>[]>('GET', `/api/v1/locations/points/${site}`, { token: admin })).body.data![0];
    expect((await api('PUT', '/api/v1/points', { token: admin, body: { ...stored, name: 'Compteur renommé', maplytics_custom_settings: { levels: null } } })).status).toBe(200);

    const answer = (await pointsOf(site)).body.data!;
    expect(answer.location.maplytics_custom_settings.levels).toEqual(LEVELS);
    expect(answer.points[0]).toMatchObject({ _id: point, name: 'Compteur renommé', maplytics_custom_settings: { levels: own } });
    expect((await markerOf(site))?.maplytics.maplytics_custom_settings.levels).toEqual(LEVELS);

    // Back to what is inherited.
    expect((await api('PUT', `/api/v1/points/maplytics_settings/${point}`, { token: admin, body: { maplytics_custom_settings: { levels: null } } })).status).toBe(200);
    expect((await pointsOf(site)).body.data!.points[0].maplytics_custom_settings.levels).toBeNull();
  });

  it('refuse bad levels with 400 and write nothing', async () => {
    const site = await createLocation({ ...at(45.22, 5.75) });
    await api('PUT', `/api/v1/locations/maplytics_settings/${site}`, { token: admin, body: { maplytics_custom_settings: { levels: LEVELS } } });
    for (const levels of [[], [{ level: 'purple', operation: 'gt', value: 1 }], [{ level: 'danger', operation: 'between', value: 1 }], [{ level: 'danger', operation: 'gt', value: 'high' }]]) {
      const answer = await api('PUT', `/api/v1/locations/maplytics_settings/${site}`, { token: admin, body: { maplytics_custom_settings: { levels } } });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe('validation_failed');
    }
    expect((await pointsOf(site)).body.data!.location.maplytics_custom_settings.levels).toEqual(LEVELS);
  });

  it("answer 404 for another customer's site or point", async () => {
    const theirs = await createPoint([], {}, basic);
    const body = { maplytics_custom_settings: { levels: LEVELS } };
    expect((await api('PUT', `/api/v1/points/maplytics_settings/${theirs}`, { token: admin, body })).status).toBe(404);
    expect((await api('PUT', '/api/v1/locations/maplytics_settings/loc-mairie', { token: admin, body })).status).toBe(404);
    expect((await api('PUT', '/api/v1/points/maplytics_settings/pt-nothing-here', { token: admin, body })).status).toBe(404);
  });
});

const geocoder = () => testEnvironment().geocodingProvider;

describe('address search', () => {
  it('finds addresses through the geocoding provider, with coordinates and a view around them', async () => {
    const answer = await api<GeocodedAddress[]>('GET', `/api/v1/locations/geocode?q=${encodeURIComponent('12 quai Perrache')}`, { token: admin });
    expect(answer.status).toBe(200);
    const [first] = answer.body.data!;
    expect(first).toMatchObject({ label: '12 Quai Perrache 69002 Lyon', city: 'Lyon', postcode: '69002' });
    expect(first.coordinates.location.lat).toBeCloseTo(45.7485, 3);
    expect(first.coordinates.location.lng).toBeCloseTo(4.8262, 3);
    expect(first.coordinates.viewport.southwest.lat).toBeLessThan(first.coordinates.location.lat);
    expect(first.coordinates.viewport.northeast.lng).toBeGreaterThan(first.coordinates.location.lng);
  });

  it('answers nothing below 3 characters, and is the settings screen’s (403 for a member)', async () => {
    const answer = await api<GeocodedAddress[]>('GET', '/api/v1/locations/geocode?q=Ly', { token: admin });
    expect(answer.body.data).toEqual([]);
    expect((await api('GET', '/api/v1/locations/geocode?q=Lyon', { token: member })).status).toBe(403);
  });
});

// The local stand-in tells what it was asked and can fail on demand; the operator's provider does neither.
describe.skipIf(!geocoder()?.fake)('address search against the local geocoding stand-in', () => {
  const providerCalls = async () => ((await (await fetch(`${geocoder()!.url}/_fake/calls`)).json()) as { calls: { q: string }[] }).calls;

  it('asks the provider for the address typed, and nothing below 3 characters', async () => {
    const before = (await providerCalls()).length;
    expect((await api<GeocodedAddress[]>('GET', '/api/v1/locations/geocode?q=Ly', { token: admin })).body.data).toEqual([]);
    expect((await providerCalls()).length).toBe(before);
    const query = `${randomUUID().slice(0, 6)} quai Perrache`;
    expect((await api('GET', `/api/v1/locations/geocode?q=${encodeURIComponent(query)}`, { token: admin })).status).toBe(200);
    expect((await providerCalls()).map((call) => call.q)).toContain(query);
  });

  it('says geocoding_unavailable when the provider fails', async () => {
    await fetch(`${geocoder()!.url}/_fake/outage?on=true`, { method: 'PUT' });
    try {
      const answer = await api('GET', '/api/v1/locations/geocode?q=Grenoble', { token: admin });
      expect(answer.status).toBe(502);
      expect(answer.body.msg).toBe('geocoding_unavailable');
    } finally {
      await fetch(`${geocoder()!.url}/_fake/outage?on=false`, { method: 'PUT' });
    }
  });
});
