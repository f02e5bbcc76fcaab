import { beforeAll, describe, expect, it } from 'vitest';
import { api, login } from '../support/api';

interface ManualEntryPoint {
  _id: string;
  name: string;
  last_value: { date: string; value: number } | null;
}

let admin: string;
let member: string;
const unique = () => `ME-${Date.now()}-${Math.round(Math.random() * 1e6)}`;

const pointsFor = (token: string, locationId: string) => api<ManualEntryPoint[]>('GET', `/api/v1/points/data/${locationId}`, { token });

const createPoint = async (location: string[]) => {
  const answer = await api<{ _id: string }>('POST', '/api/v1/points', {
    token: admin,
    body: { name: unique(), technical_id: unique(), resource: 'water', series_type: 'counter', unit: 'm³', location },
  });
  expect(answer.status).toBe(200);
  return answer.body.data!._id;
};

beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
  member = (await login('premiumMember')).user.jwt;
});

describe('points offered to manual entry', () => {
  it('lists the raw points of a location with their last value, and no calculated point', async () => {
    const answer = await pointsFor(admin, 'loc-lyon-a');
    expect(answer.status).toBe(200);
    const ids = answer.body.data!.map((point) => point._id);
    expect(ids).toContain('pt-elec-index');
    // The cost, lighting and HVAC points of building A are calculated from its index.
    expect(ids).not.toContain('pt-elec-cost');
    expect(ids).not.toContain('pt-elec-lighting');
    expect(ids).not.toContain('pt-elec-hvac');
    const index = answer.body.data!.find((point) => point._id === 'pt-elec-index')!;
    expect(index.last_value).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), value: expect.any(Number) });
  });

  it('answers the value just typed as the last one', async () => {
    const pointId = await createPoint(['loc-grenoble']);
    expect((await pointsFor(admin, 'loc-grenoble')).body.data!.find((point) => point._id === pointId)?.last_value).toBeNull();
    const entries = [
      { point: pointId, date: '2026-01-10T08:00:00Z', value: 12.5 },
      { point: pointId, date: '2026-01-10T09:00:00Z', value: 14.25 },
    ];
    expect((await api('POST', '/api/v1/data', { token: admin, body: { data: entries } })).status).toBe(200);
    const after = await pointsFor(admin, 'loc-grenoble');
    expect(after.body.data!.find((point) => point._id === pointId)?.last_value).toEqual({ date: '2026-01-10T09:00:00.000Z', value: 14.25 });
  });

  it('lists points without location under alone', async () => {
    const pointId = await createPoint([]);
    const answer = await pointsFor(admin, 'alone');
    expect(answer.status).toBe(200);
    expect(answer.body.data!.map((point) => point._id)).toContain(pointId);
    expect((await pointsFor(admin, 'loc-lyon-a')).body.data!.map((point) => point._id)).not.toContain(pointId);
  });

  it("answers the spec's empty location (`/points/data/`) as alone", async () => {
    const pointId = await createPoint([]);
    const [empty, alone] = await Promise.all([pointsFor(admin, ''), pointsFor(admin, 'alone')]);
    expect(empty.status).toBe(200);
    expect(empty.body.data!.map((point) => point._id)).toContain(pointId);
    expect(empty.body.data).toEqual(alone.body.data);
  });

  it('gives a member only the points of locations they may see', async () => {
    const hidden = await pointsFor(member, 'loc-lyon-b');
    expect(hidden.body.data ?? []).toEqual([]);
    // Positive control: the same member gets the points of an allowed location.
    const allowed = await pointsFor(member, 'loc-lyon-a');
    expect(allowed.body.data!.map((point) => point._id)).toContain('pt-elec-index');
  });
});
