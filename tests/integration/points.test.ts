import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login } from '../support/api';
import { entities } from '../support/aws';
import { testEnvironment } from '../support/environment';

let admin: string;
let member: string;
let otherCustomerAdmin: string;
const unique = () => `T-${Date.now()}-${Math.round(Math.random() * 1e6)}`;

const point = (overrides: Record<string, unknown> = {}) => ({
  name: 'Compteur général',
  technical_id: unique(),
  resource: 'electricity',
  series_type: 'index',
  unit: 'kWh',
  location: ['loc-lyon-a'],
  ...overrides,
});

beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
  member = (await login('premiumMember')).user.jwt;
  otherCustomerAdmin = (await login('basicAdministrator')).user.jwt;
});

describe('points', () => {
  it('answers the definitions of resources, series types and calculations', async () => {
    const answer = await api<{ resources: string[]; series_types: string[]; calculations: string[] }>('GET', '/api/v1/points/definitions', { token: member });
    expect(answer.body.data?.resources).toEqual(['water', 'electricity', 'gaz', 'temperature', 'air', 'thermal']);
    expect(answer.body.data?.series_types).toEqual(['index', 'counter', 'measure', 'io']);
    expect(answer.body.data?.calculations).toContain('cumulative_diff');
  });

  it('creates a point with every default and lists it by location, with location names', async () => {
    const created = await api<{ _id: string; active: boolean; hide_on_maplytics: boolean; periodicity: number }>('POST', '/api/v1/points', {
      token: admin,
      body: point({ tags: { floor: { display_name: 'Étage', name: 'floor', value: '1' } } }),
    });
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe('point_saved');
    expect(created.body.data).toMatchObject({ active: true, hide_on_maplytics: false, periodicity: 600 });
    const ofLocation = await api<{ _id: string }[]>('GET', '/api/v1/locations/points/loc-lyon-a', { token: admin });
    expect(ofLocation.body.data?.map((entry) => entry._id)).toContain(created.body.data!._id);
    const ofTree = await api<{ _id: string }[]>('GET', '/api/v2/points/get-all/loc-lyon', { token: admin });
    expect(ofTree.body.data?.map((entry) => entry._id)).toContain(created.body.data!._id);
    const named = await api<{ _id: string; locations_name: string[] }[]>('GET', '/api/v1/points/get-all-with-locations-name', { token: admin });
    expect(named.body.data?.find((entry) => entry._id === created.body.data!._id)?.locations_name).toEqual(['Bâtiment A']);
  });

  it('refuses a technical id already used, and says so through the uniqueness call', async () => {
    const technicalId = unique();
    expect((await api('POST', '/api/v1/points', { token: admin, body: point({ technical_id: technicalId }) })).status).toBe(200);
    const again = await api('POST', '/api/v1/points', { token: admin, body: point({ technical_id: technicalId }) });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('technical_id_exists');
    const check = await api<{ unique: boolean }>('POST', '/api/v1/points/check-unique-technical-id', { token: admin, body: { point: { technical_id: technicalId } } });
    expect(check.body.data?.unique).toBe(false);
    const free = await api<{ unique: boolean }>('POST', '/api/v1/points/check-unique-technical-id', { token: admin, body: { point: { technical_id: unique() } } });
    expect(free.body.data?.unique).toBe(true);
  });

  it('lets another customer reuse the same technical id', async () => {
    const technicalId = unique();
    await api('POST', '/api/v1/points', { token: admin, body: point({ technical_id: technicalId }) });
    const other = await api('POST', '/api/v1/points', { token: otherCustomerAdmin, body: point({ technical_id: technicalId, location: ['loc-mairie'] }) });
    expect(other.status).toBe(200);
  });

  it('refuses an operating range whose low bound is above the high one', async () => {
    const answer = await api('POST', '/api/v1/points', {
      token: admin,
      body: point({ allow_operating_range: true, operating_range_operator: 'between', operating_range_low: 50, operating_range_high: 10 }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('operating_range_invalid');
  });

  it('refuses an invalid formula, naming what is wrong', async () => {
    const source = await api<{ _id: string }>('POST', '/api/v1/points', { token: admin, body: point() });
    const answer = await api<{ formula_error: string }>('POST', '/api/v1/points', {
      token: admin,
      body: point({
        series_type: 'measure',
        calculation: { formula: 'A + B', points_list: [{ point_id: source.body.data!._id, point_calculation: 'diff', replacement_letter: 'A' }] },
      }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ msg: 'invalid_formula', data: { formula_error: 'unknown_letter' } });
  });

  it('follows a formula\'s points through other calculated points: a loop, an unknown point and another customer\'s point are refused', async () => {
    const raw = await api<{ _id: string }>('POST', '/api/v1/points', { token: admin, body: point() });
    const from = (id: string) => ({ formula: 'A', points_list: [{ point_id: id, point_calculation: 'diff', replacement_letter: 'A' }] });
    const firstBody = point({ series_type: 'measure', calculation: from(raw.body.data!._id) });
    const first = await api<{ _id: string }>('POST', '/api/v1/points', { token: admin, body: firstBody });
    const second = await api<{ _id: string }>('POST', '/api/v1/points', { token: admin, body: point({ series_type: 'measure', calculation: from(first.body.data!._id) }) });
    expect([first.status, second.status]).toEqual([200, 200]);
    // The first point made from the second, which is made from the first: a loop two levels deep.
    const loop = await api('PUT', '/api/v1/points', { token: admin, body: { ...firstBody, _id: first.body.data!._id, calculation: from(second.body.data!._id) } });
    expect(loop.status).toBe(400);
    expect(loop.body).toMatchObject({ msg: 'invalid_formula', data: { formula_error: 'circular_reference' } });
    const unknown = await api('POST', '/api/v1/points', { token: admin, body: point({ series_type: 'measure', calculation: from('point-that-does-not-exist') }) });
    expect(unknown.body).toMatchObject({ msg: 'invalid_formula', data: { formula_error: 'unknown_point' } });
    const foreign = await api<{ _id: string }>('POST', '/api/v1/points', { token: otherCustomerAdmin, body: point({ location: [] }) });
    const crossing = await api('POST', '/api/v1/points', { token: admin, body: point({ series_type: 'measure', calculation: from(foreign.body.data!._id) }) });
    expect(crossing.body).toMatchObject({ msg: 'invalid_formula', data: { formula_error: 'unknown_point' } });
  });

  it('refuses a calculation that ends before it starts, and writes nothing', async () => {
    const source = await api<{ _id: string }>('POST', '/api/v1/points', { token: admin, body: point() });
    const body = point({
      calculation: {
        formula: 'A',
        points_list: [{ point_id: source.body.data!._id, point_calculation: 'diff', replacement_letter: 'A' }],
        apply_from: '2026-02-01T00:00:00+01:00',
        apply_to: '2026-01-01T00:00:00+01:00',
      },
    });
    const answer = await api('POST', '/api/v1/points', { token: admin, body });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('apply_range_invalid');
    const check = await api<{ unique: boolean }>('POST', '/api/v1/points/check-unique-technical-id', { token: admin, body: { point: { technical_id: body.technical_id } } });
    expect(check.body.data?.unique).toBe(true);
  });

  it('refuses to place a point under another point', async () => {
    const first = await api<{ _id: string }>('POST', '/api/v1/points', { token: admin, body: point() });
    const answer = await api('POST', '/api/v1/points', { token: admin, body: point({ location: [first.body.data!._id] }) });
    expect(answer.body.msg).toBe('point_child_of_point');
    const moved = await api('PUT', '/api/v1/points/position', {
      token: admin,
      body: { points: [first.body.data!._id], location_id: first.body.data!._id, current_location: 'loc-lyon-a' },
    });
    expect(moved.body.msg).toBe('point_child_of_point');
  });

  it('updates a point, moves it and deletes it', async () => {
    const created = await api<{ _id: string; technical_id: string }>('POST', '/api/v1/points', { token: admin, body: point() });
    const id = created.body.data!._id;
    const updated = await api<{ name: string }>('PUT', '/api/v1/points', { token: admin, body: { ...point({ technical_id: created.body.data!.technical_id }), _id: id, name: 'Compteur renommé' } });
    expect(updated.body.data?.name).toBe('Compteur renommé');
    const moved = await api<{ location: string[] }[]>('PUT', '/api/v1/points/position', {
      token: admin,
      body: { points: [id], location_id: 'loc-lyon-b', current_location: 'loc-lyon-a' },
    });
    expect(moved.body.data?.[0].location).toEqual(['loc-lyon-b']);
    expect((await api('DELETE', `/api/v1/points/${id}`, { token: admin })).status).toBe(200);
    expect((await api('DELETE', `/api/v1/points/${id}`, { token: admin })).status).toBe(404);
  });

  it('keeps points of one customer out of reach of another (404) and of members for writes (403)', async () => {
    const created = await api<{ _id: string; technical_id: string }>('POST', '/api/v1/points', { token: admin, body: point() });
    const id = created.body.data!._id;
    expect((await api('DELETE', `/api/v1/points/${id}`, { token: otherCustomerAdmin })).status).toBe(404);
    expect((await api('PUT', '/api/v1/points', { token: otherCustomerAdmin, body: { ...point(), _id: id } })).status).toBe(404);
    expect((await api('GET', '/api/v1/locations/points/loc-lyon-a', { token: otherCustomerAdmin })).status).toBe(404);
    const list = await api<{ _id: string }[]>('GET', '/api/v1/points', { token: otherCustomerAdmin });
    expect(list.body.data?.map((entry) => entry._id)).not.toContain(id);
    expect((await api('DELETE', `/api/v1/points/${id}`, { token: member })).status).toBe(403);
  });
});

describe('points by id', () => {
  type Named = { _id: string; locations_name: string[] };
  const byIds = (ids: unknown, token: string | undefined) => api<Named[]>('POST', '/api/v1/points/by-ids', { token, body: { ids } });
  const create = async (token: string, overrides: Record<string, unknown>) =>
    (await api<{ _id: string }>('POST', '/api/v1/points', { token, body: point(overrides) })).body.data!._id;

  it('answers the points named, with their locations’ names, in the order asked, leaving out what the customer has not', async () => {
    const [first, second, foreign] = await Promise.all([
      create(admin, { location: ['loc-lyon-a'] }),
      create(admin, { location: ['loc-lyon-b'] }),
      create(otherCustomerAdmin, { location: ['loc-mairie'] }),
    ]);
    const answer = await byIds([second, foreign, first, 'zz-unknown', second], admin);
    expect(answer.status).toBe(200);
    expect(answer.body.data!.map((entry) => entry._id)).toEqual([second, first]);
    expect(answer.body.data![1].locations_name).toEqual(['Bâtiment A']);
    const asOther = await byIds([first, second], otherCustomerAdmin);
    expect(asOther.status).toBe(200);
    expect(asOther.body.data).toEqual([]);
  });

  it('answers a member only the points of the locations it may open', async () => {
    const [allowed, elsewhere] = await Promise.all([create(admin, { location: ['loc-lyon-a'] }), create(admin, { location: ['loc-lyon-b'] })]);
    const answer = await byIds([allowed, elsewhere], member);
    expect(answer.status).toBe(200);
    expect(answer.body.data!.map((entry) => entry._id)).toEqual([allowed]);
  });

  it('trims the pickers’ list to what a picker shows with fields=picker, and answers whole points without it', async () => {
    const id = await create(admin, { location: ['loc-lyon-a'] });
    const path = `/api/v1/points/get-all-with-locations-name?q=${encodeURIComponent('Compteur général')}&limit=500`;
    const whole = (await api<Record<string, unknown>[]>('GET', path, { token: admin })).body.data!.find((entry) => entry._id === id)!;
    const trimmed = await api<Record<string, unknown>[]>('GET', `${path}&fields=picker`, { token: admin });
    expect(trimmed.status).toBe(200);
    const picked = trimmed.body.data!.find((entry) => entry._id === id)!;
    expect(Object.keys(picked).sort()).toEqual(['_id', 'active', 'default_color', 'location', 'locations_name', 'name', 'resource', 'series_type', 'technical_id', 'unit']);
    expect(picked).toEqual(Object.fromEntries(Object.keys(picked).map((key) => [key, whole[key]])));
    expect(Object.keys(whole)).toEqual(expect.arrayContaining(['customer', 'tags', 'created_at', 'updated_at']));
    expect((await api('GET', `${path}&fields=everything`, { token: admin })).status).toBe(400);
  });

  it('refuses no ids, too many ids and malformed ids with 400, and an anonymous caller with 401', async () => {
    expect((await byIds([], admin)).status).toBe(400);
    expect((await byIds(Array.from({ length: 501 }, (_, index) => `pt-${index}`), admin)).status).toBe(400);
    expect((await byIds(['not an id'], admin)).status).toBe(400);
    expect((await api('POST', '/api/v1/points/by-ids', { token: admin, body: {} })).status).toBe(400);
    expect((await byIds(['pt-1'], undefined)).status).toBe(401);
  });
});

describe('baselines and targets on a point', () => {
  it('answers the spec rules as codes: incomplete, duplicate', async () => {
    const incomplete = await api('POST', '/api/v1/points', {
      token: admin,
      body: point({ baselines: [{ baseline_period: 'year', baseline_period_date: '2025' }] }),
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.msg).toBe('baseline_incomplete');
    const duplicate = await api('POST', '/api/v1/points', {
      token: admin,
      body: point({
        targets: [
          { target_period: 'month', target_period_date: '2026-01', value: 10 },
          { target_period: 'month', target_period_date: '2026-01', value: 12 },
        ],
      }),
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.msg).toBe('baseline_duplicate');
  });

  it('stores them with the default calculation of the series type', async () => {
    const saved = await api<{ baselines: { baseline_calculation: string; baseline_auto_renew: boolean }[] }>('POST', '/api/v1/points', {
      token: admin,
      body: point({ series_type: 'counter', baselines: [{ baseline_period: 'year', baseline_period_date: '2025', value: 1200 }] }),
    });
    expect(saved.body.data?.baselines[0]).toMatchObject({ baseline_calculation: 'avg', baseline_auto_renew: true });
  });
});

describe('merging points', () => {
  it('copies the sources’ values into the target in the background, then removes the sources', async () => {
    const create = async (name: string) =>
      (await api<{ _id: string }>('POST', '/api/v1/points', { token: admin, body: point({ name, series_type: 'counter', unit: 'm³', resource: 'water' }) })).body.data!._id;
    const [first, second, target] = [await create('Ancien compteur 1'), await create('Ancien compteur 2'), await create('Nouveau compteur')];
    const at = (hour: number) => new Date(Date.parse('2026-06-01T00:00:00Z') + hour * 3_600_000).toISOString();
    await api('POST', '/api/v1/data', {
      token: admin,
      body: { data: [{ point: first, date: at(0), value: 1 }, { point: first, date: at(1), value: 2 }, { point: second, date: at(2), value: 4 }] },
    });
    // No wait: the merge finds the sources' values by their raw partitions, not through rollups the stream has yet to write.
    const merge = await api<{ job: string }>('PUT', '/api/v1/points/merge', { token: admin, body: { points: [first, second], merge_to: target } });
    expect(merge.status).toBe(200);
    expect(merge.body.data?.job).toMatch(/^job-/);
    const { eventually } = await import('../support/eventually');
    const total = await eventually(
      async () =>
        (
          await api<{ series: { values: (number | null)[] }[] }>('POST', '/api/v1/series/query', {
            token: admin,
            body: { points: [{ point: target, calculation: 'sum' }], period_type: 'dateToDate', period: 'day', sampling: 'day', start: '2026-06-01T00:00:00Z', end: '2026-06-02T00:00:00Z' },
          })
        ).body.data?.series[0].values.reduce<number>((sum, value) => sum + (value ?? 0), 0),
      (value) => value === 7,
    );
    expect(total).toBe(7);
    const remaining = await eventually(
      async () => (await api<{ _id: string }[]>('GET', '/api/v1/points', { token: admin })).body.data!.map((entry) => entry._id),
      (ids) => !ids.includes(first) && !ids.includes(second),
    );
    expect(remaining).toContain(target);
    expect(remaining).not.toContain(first);
  });

  it('refuses merging a point into itself', async () => {
    const id = (await api<{ _id: string }>('POST', '/api/v1/points', { token: admin, body: point() })).body.data!._id;
    expect((await api('PUT', '/api/v1/points/merge', { token: admin, body: { points: [id], merge_to: id } })).status).toBe(400);
  });
});

describe('bulk actions on points', () => {
  type Listed = { _id: string; hide_on_maplytics: boolean };
  const create = async (overrides: Record<string, unknown> = {}) =>
    (await api<{ _id: string }>('POST', '/api/v1/points', { token: admin, body: point(overrides) })).body.data!._id;
  const hiddenFlags = async (ids: string[]) => {
    const listed = (await api<Listed[]>('POST', '/api/v1/points/by-ids', { token: admin, body: { ids } })).body.data!;
    return ids.map((id) => listed.find((entry) => entry._id === id)?.hide_on_maplytics);
  };

  it('hides points on the map and shows them again in one call each, counting only those that changed', async () => {
    const ids = await Promise.all([create(), create(), create({ hide_on_maplytics: true })]);
    const hidden = await api<{ changed: number }>('PUT', '/api/v1/points/hide-on-maplytics', { token: admin, body: { points: ids, hide_on_maplytics: true } });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toEqual({ changed: 2 });
    expect(await hiddenFlags(ids)).toEqual([true, true, true]);
    const shown = await api<{ changed: number }>('PUT', '/api/v1/points/hide-on-maplytics', { token: admin, body: { points: ids.slice(0, 2), hide_on_maplytics: false } });
    expect(shown.body.data).toEqual({ changed: 2 });
    expect(await hiddenFlags(ids)).toEqual([false, false, true]);
  });

  it('deletes points in one call, keeping and naming those a calculated point outside the call uses; a calculation and its points go together', async () => {
    const from = (id: string) => ({ formula: 'A', points_list: [{ point_id: id, point_calculation: 'diff', replacement_letter: 'A' }] });
    const [plain, used, pair] = await Promise.all([create(), create(), create()]);
    const user = await create({ series_type: 'measure', name: 'Calcul qui garde', calculation: from(used) });
    const pairUser = await create({ series_type: 'measure', calculation: from(pair) });
    const answer = await api<{ deleted: string[]; used_by: { _id: string; used_by: { _id: string; name: string }[] }[] }>('POST', '/api/v1/points/delete', {
      token: admin,
      body: { points: [plain, used, pair, pairUser] },
    });
    expect(answer.status).toBe(200);
    expect([...answer.body.data!.deleted].sort()).toEqual([plain, pair, pairUser].sort());
    expect(answer.body.data!.used_by).toEqual([{ _id: used, name: 'Compteur général', used_by: [{ _id: user, name: 'Calcul qui garde' }] }]);
    const left = (await api<Listed[]>('POST', '/api/v1/points/by-ids', { token: admin, body: { ids: [plain, used, pair, pairUser, user] } })).body.data!;
    expect(left.map((entry) => entry._id).sort()).toEqual([used, user].sort());
  });

  it('refuses another customer\'s point (404), a member (403), repeated or too many ids (400), and writes nothing', async () => {
    const mine = await create();
    const foreign = (await api<{ _id: string }>('POST', '/api/v1/points', { token: otherCustomerAdmin, body: point({ location: [] }) })).body.data!._id;
    const hide = (token: string, points: string[]) => api('PUT', '/api/v1/points/hide-on-maplytics', { token, body: { points, hide_on_maplytics: true } });
    expect((await hide(admin, [mine, foreign])).status).toBe(404);
    expect((await api('POST', '/api/v1/points/delete', { token: admin, body: { points: [mine, foreign] } })).status).toBe(404);
    expect((await hide(member, [mine])).status).toBe(403);
    expect((await api('POST', '/api/v1/points/delete', { token: member, body: { points: [mine] } })).status).toBe(403);
    expect((await hide(admin, [mine, mine])).status).toBe(400);
    expect((await hide(admin, Array.from({ length: 201 }, (_, index) => `point-${index}`))).status).toBe(400);
    expect(await hiddenFlags([mine])).toEqual([false]);
    const foreignLeft = (await api<Listed[]>('POST', '/api/v1/points/by-ids', { token: otherCustomerAdmin, body: { ids: [foreign] } })).body.data!;
    expect(foreignLeft.map((entry) => entry.hide_on_maplytics)).toEqual([false]);
  });
});

describe('detaching points', () => {
  it('removes points from every location when neither a target nor a current location is given', async () => {
    const id = (await api<{ _id: string }>('POST', '/api/v1/points', { token: admin, body: point({ location: ['loc-lyon-a', 'loc-lyon-b'] }) })).body.data!._id;
    const moved = await api<{ location: string[] }[]>('PUT', '/api/v1/points/position', {
      token: admin,
      body: { points: [id], location_id: null, current_location: null },
    });
    expect(moved.body.data?.[0].location).toEqual([]);
    const alone = await api<{ _id: string }[]>('GET', '/api/v1/locations/points/alone', { token: admin });
    expect(alone.body.data?.map((entry) => entry._id)).toContain(id);
  });
});

describe('writes that meet', () => {
  it('keeps both an ingest and an administrator\'s edit made at the same moment', async () => {
    const created = await api<{ _id: string; technical_id: string }>('POST', '/api/v1/points', { token: admin, body: point() });
    const { _id: id, technical_id } = created.body.data!;
    const rounds = Array.from({ length: 5 }, (_, round) => round);
    for (const round of rounds) {
      const date = new Date(Date.parse('2026-03-01T00:00:00Z') + round * 3_600_000).toISOString();
      const [ingest, edit] = await Promise.all([
        api('POST', '/api/v1/data', { token: admin, body: { data: [{ point: id, date, value: round }] } }),
        api('PUT', '/api/v1/points', { token: admin, body: point({ _id: id, technical_id, name: `Compteur ${round}` }) }),
      ]);
      expect([ingest.status, edit.status]).toEqual([200, 200]);
    }
    const saved = (await api<{ _id: string; name: string; last_data_date: string }[]>('GET', '/api/v1/points', { token: admin })).body.data!.find(
      (entry) => entry._id === id,
    );
    expect(saved?.name).toBe('Compteur 4');
    expect(saved?.last_data_date).toBe('2026-03-01T04:00:00.000Z');
  });

  it('never moves the latest value date back when older values arrive later', async () => {
    const id = (await api<{ _id: string }>('POST', '/api/v1/points', { token: admin, body: point() })).body.data!._id;
    await api('POST', '/api/v1/data', { token: admin, body: { data: [{ point: id, date: '2026-04-02T00:00:00Z', value: 2 }] } });
    await api('POST', '/api/v1/data', { token: admin, body: { data: [{ point: id, date: '2026-04-01T00:00:00Z', value: 1 }] } });
    const saved = (await api<{ _id: string; last_data_date: string }[]>('GET', '/api/v1/points', { token: admin })).body.data!.find((entry) => entry._id === id);
    expect(saved?.last_data_date).toBe('2026-04-02T00:00:00.000Z');
  });
});

describe('points of hidden locations', () => {
  const memberKey = () => ({ PK: `C#${testEnvironment().customers.premium}`, SK: 'USER#usr-premium-member' });

  afterAll(() => entities.set(memberKey(), { allowed_locations: ['loc-lyon-a', 'loc-grenoble'] }));

  it('are never listed to a member, even one granted the hidden location itself', async () => {
    await entities.set(memberKey(), { allowed_locations: ['loc-lyon-a', 'loc-grenoble', 'loc-archive'] });
    const create = async (location: string) => (await api<{ _id: string }>('POST', '/api/v1/points', { token: admin, body: point({ location: [location] }) })).body.data!._id;
    const [archived, visible] = [await create('loc-archive'), await create('loc-lyon-a')];
    const listed = (await api<{ _id: string }[]>('GET', '/api/v1/points', { token: member })).body.data!.map((entry) => entry._id);
    expect(listed).toContain(visible);
    expect(listed).not.toContain(archived);
    const ofSelection = (await api<{ _id: string }[]>('GET', '/api/v2/points/get-all/all', { token: member })).body.data!.map((entry) => entry._id);
    expect(ofSelection).not.toContain(archived);
    const adminList = (await api<{ _id: string }[]>('GET', '/api/v1/points', { token: admin })).body.data!.map((entry) => entry._id);
    expect(adminList).toContain(archived);
  });
});
