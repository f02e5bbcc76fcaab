import { beforeAll, describe, expect, it } from 'vitest';
import { api, login } from '../support/api';

let admin: string;
let member: string;
let otherCustomerAdmin: string;

beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
  member = (await login('premiumMember')).user.jwt;
  otherCustomerAdmin = (await login('basicAdministrator')).user.jwt;
});

type Tree = { _id: string; name: string; parent: string | null; position: number; children: Tree[] };
const flatten = (nodes: Tree[]): Tree[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);

describe('locations', () => {
  it('creates a location with the default time zone and says it was saved', async () => {
    const answer = await api<{ _id: string; timezone: string; parent: string | null }>('POST', '/api/v2/locations', {
      token: admin,
      body: { name: 'Entrepôt Vénissieux', type: 'Industry', surface: 5400, parent: 'loc-lyon' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe('location_saved');
    expect(answer.body.data).toMatchObject({ timezone: 'Europe/Paris', parent: 'loc-lyon' });
    const tree = await api<Tree[]>('GET', '/api/v2/locations', { token: admin });
    expect(flatten(tree.body.data!).map((node) => node._id)).toContain(answer.body.data!._id);
  });

  it('refuses a bad type, an unknown time zone and an empty name without writing', async () => {
    for (const body of [
      { name: 'X', type: 'Castle' },
      { name: 'X', timezone: 'Mars/Olympus' },
      { name: '   ' },
    ]) {
      const answer = await api('POST', '/api/v2/locations', { token: admin, body });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe('validation_failed');
    }
  });

  it('refuses a member (403) and answers 404 for a parent of another customer', async () => {
    expect((await api('POST', '/api/v2/locations', { token: member, body: { name: 'Nope' } })).status).toBe(403);
    const answer = await api('POST', '/api/v2/locations', { token: otherCustomerAdmin, body: { name: 'Intrus', parent: 'loc-lyon' } });
    expect(answer.status).toBe(404);
  });

  it('updates a location (v1 and v2) and refuses a move under its own descendant', async () => {
    const created = await api<{ _id: string }>('POST', '/api/v2/locations', { token: admin, body: { name: 'Parc' } });
    const id = created.body.data!._id;
    const child = await api<{ _id: string }>('POST', '/api/v2/locations', { token: admin, body: { name: 'Allée', parent: id } });
    const v1 = await api<{ denomination: string }>('PUT', '/api/v1/locations', {
      token: admin,
      body: { _id: id, name: 'Parc', denomination: 'Parc des expositions' },
    });
    expect(v1.body.data?.denomination).toBe('Parc des expositions');
    const cycle = await api('PUT', '/api/v2/locations', { token: admin, body: { _id: id, name: 'Parc', parent: child.body.data!._id } });
    expect(cycle.status).toBe(400);
    expect(cycle.body.msg).toBe('location_cycle');
  });

  it('moves locations with the position calls', async () => {
    const a = await api<{ _id: string }>('POST', '/api/v2/locations', { token: admin, body: { name: 'Annexe A' } });
    const b = await api<{ _id: string }>('POST', '/api/v2/locations', { token: admin, body: { name: 'Annexe B' } });
    const moved = await api<Tree[]>('PUT', '/api/v2/locations/position', {
      token: admin,
      body: { locations: [b.body.data!._id, a.body.data!._id], parent_id: 'loc-grenoble' },
    });
    expect(moved.body.data?.map((node) => [node._id, node.parent, node.position])).toEqual([
      [b.body.data!._id, 'loc-grenoble', 0],
      [a.body.data!._id, 'loc-grenoble', 1],
    ]);
    const v1 = await api<Tree[]>('PUT', '/api/v1/locations/position', {
      token: admin,
      body: { locations: [{ _id: a.body.data!._id, parent: null, position: 9 }] },
    });
    expect(v1.body.data?.[0]).toMatchObject({ parent: null, position: 9 });
  });

  it('deletes a location, moving its children up and detaching its points', async () => {
    const parent = await api<{ _id: string }>('POST', '/api/v2/locations', { token: admin, body: { name: 'À supprimer' } });
    const child = await api<{ _id: string }>('POST', '/api/v2/locations', { token: admin, body: { name: 'Enfant', parent: parent.body.data!._id } });
    const point = await api<{ _id: string }>('POST', '/api/v1/points', {
      token: admin,
      body: { name: 'Compteur orphelin', technical_id: `ORPH-${Date.now()}`, resource: 'water', series_type: 'counter', unit: 'm³', location: [parent.body.data!._id] },
    });
    // A point on two sites, the deleted one first: it keeps the other (its list is compared in its stored order).
    const shared = await api<{ _id: string }>('POST', '/api/v1/points', {
      token: admin,
      body: { name: 'Compteur partagé', technical_id: `SHARED-${Date.now()}`, resource: 'water', series_type: 'counter', unit: 'm³', location: [parent.body.data!._id, 'loc-lyon-b'] },
    });
    const answer = await api<{ moved_children: string[]; detached_points: string[]; points_without_location: string[] }>('DELETE', `/api/v1/locations/${parent.body.data!._id}`, { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.data?.moved_children).toEqual([child.body.data!._id]);
    expect(answer.body.data?.points_without_location).toEqual([point.body.data!._id]);
    expect([...answer.body.data!.detached_points].sort()).toEqual([point.body.data!._id, shared.body.data!._id].sort());
    const kept = await api<{ _id: string; location: string[] }[]>('POST', '/api/v1/points/by-ids', { token: admin, body: { ids: [shared.body.data!._id] } });
    expect(kept.body.data?.[0].location).toEqual(['loc-lyon-b']);
    const alone = await api<{ _id: string }[]>('GET', '/api/v1/locations/points/alone', { token: admin });
    expect(alone.body.data?.map((entry) => entry._id)).toContain(point.body.data!._id);
    const tree = flatten((await api<Tree[]>('GET', '/api/v2/locations', { token: admin })).body.data!);
    expect(tree.find((node) => node._id === child.body.data!._id)?.parent).toBeNull();
  });

  it('answers 404 when another customer deletes or updates one of these locations', async () => {
    expect((await api('DELETE', '/api/v1/locations/loc-lyon-b', { token: otherCustomerAdmin })).status).toBe(404);
    expect((await api('PUT', '/api/v2/locations', { token: otherCustomerAdmin, body: { _id: 'loc-lyon-b', name: 'Volé' } })).status).toBe(404);
    const tree = (await api<Tree[]>('GET', '/api/v2/locations', { token: otherCustomerAdmin })).body.data!;
    expect(flatten(tree).map((node) => node._id)).not.toContain('loc-lyon-b');
  });
});
