import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginPayload } from '@shared/schemas/session';
import { api, login } from '../support/api';
import { entities, series, seriesRef } from '../support/aws';
import { eventually } from '../support/eventually';
import { testEnvironment } from '../support/environment';

/**
 * A user of one customer never reaches another customer's data through any endpoint of the
 * shell: ids of the other customer are refused (403 where the role may not act, 404 otherwise)
 * or ignored in favour of the caller's own customer.
 */
const premium = () => testEnvironment().customers.premium;
const basic = () => testEnvironment().customers.basic;

describe('tenant isolation', () => {
  const premiumNotification = () => ({ PK: `C#${premium()}`, SK: 'NOTIF#usr-premium-member#n-isolation' });
  // Its entry in its user's list of notifications, as a save writes it.
  const notificationEntry = () => ({ GSI1PK: `C#${premium()}#NOTIF#usr-premium-member`, GSI1SK: 'n-isolation' });

  beforeAll(async () => {
    await entities.put({
      ...premiumNotification(),
      ...notificationEntry(),
      kind: 'notification',
      _id: 'n-isolation',
      reminder: null,
      customer: premium(),
      user: 'usr-premium-member',
      title: 'Relevé mensuel',
      message: 'Pensez au relevé du compteur gaz',
      unread: true,
      created_at: new Date().toISOString(),
    });
  });
  afterAll(() => entities.delete(premiumNotification()));

  it('keeps a member on their own customer whatever last_customer says', async () => {
    const payload = await login('basicMember', { lastCustomer: premium() });
    expect(payload.customer._id).toBe(basic());
    expect(payload.customers.map((customer) => customer._id)).toEqual([basic()]);
    expect(payload.customer_users.every((entry) => !entry.email.endsWith('energie-plus.example'))).toBe(true);
    expect(payload.locations_flattened.map((location) => location._id)).not.toContain('loc-lyon');
  });

  it('ignores another customer named in auto_login', async () => {
    const { user } = await login('basicAdministrator');
    const answer = await api<LoginPayload>('POST', '/api/v1/users/auto_login', {
      body: { token: user.jwt, last_customer: premium() },
    });
    expect(answer.body.data?.customer._id).toBe(basic());
  });

  it('refuses an administrator switching to another customer', async () => {
    const { user } = await login('basicAdministrator');
    const answer = await api('POST', '/api/v1/users/change-customer', { token: user.jwt, body: { customer: premium() } });
    expect(answer.status).toBe(403);
  });

  it('shows notifications only to their user in their customer', async () => {
    const member = await login('premiumMember');
    const own = await api<{ new: { _id: string; user: string }[] }>('GET', '/api/v1/notifications/unread', { token: member.user.jwt });
    expect(own.body.data?.new.map((entry) => entry._id)).toContain('n-isolation');
    expect(new Set(own.body.data?.new.map((entry) => entry.user))).toEqual(new Set([member.user._id]));
    // Other files' reminders may notify these users meanwhile: each sees only its own, never the member's.
    for (const account of ['basicMember', 'basicAdministrator', 'premiumAdministrator'] as const) {
      const other = await login(account);
      const answer = await api<{ new: { _id: string; user: string; customer: string }[] }>('GET', '/api/v1/notifications/unread', { token: other.user.jwt });
      expect(answer.status).toBe(200);
      const seen = answer.body.data?.new ?? [];
      expect(seen.map((entry) => entry._id)).not.toContain('n-isolation');
      for (const entry of seen) expect({ user: entry.user, customer: entry.customer }).toEqual({ user: other.user._id, customer: other.customer._id });
    }
  });

  it('answers an administrator naming a user of another customer as for a user that does not exist: 404, nothing more', async () => {
    // The administrator may read users (a member may not, and would be refused before the id is read).
    const { user } = await login('basicAdministrator');
    const theirs = (await login('premiumAdministrator')).user._id;
    const answer = await api('GET', `/api/v1/users/${theirs}`, { token: user.jwt });
    const nobody = await api('GET', '/api/v1/users/usr-00000000-0000-4000-8000-000000000000', { token: user.jwt });
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 404, body: nobody.body });
  });
});

/**
 * An administrator of one customer names a point of another (spec 1 §6: ids are the server's):
 * every attempt answers 404 or gets a fresh id, and the other customer's series is untouched.
 */
describe('another customer\'s point id', () => {
  const theirPoint = 'pt-elec-index';
  const monthQuery = { points: [{ point: theirPoint, calculation: 'diff' }], period_type: 'slidingPeriod', period: 'month', sampling: 'day', offset: 0 };
  let intruder: string;
  let owner: string;
  let ownPoint: string;

  const theirAnswer = async () => (await api<{ series: { values: unknown[] }[] }>('POST', '/api/v1/series/query', { token: owner, body: monthQuery })).body.data?.series;

  beforeAll(async () => {
    intruder = (await login('basicAdministrator')).user.jwt;
    owner = (await login('premiumAdministrator')).user.jwt;
    const created = await api<{ _id: string }>('POST', '/api/v1/points', {
      token: intruder,
      body: { _id: theirPoint, name: 'Intrus', technical_id: `INTRUS-${Date.now()}`, resource: 'electricity', series_type: 'index', unit: 'kWh', location: [] },
    });
    ownPoint = created.body.data!._id;
  });

  it('gives a point created with their id a fresh id of the caller\'s customer', async () => {
    expect(ownPoint).toMatch(/^pt-/);
    expect(ownPoint).not.toBe(theirPoint);
    expect((await entities.get({ PK: `C#${premium()}`, SK: `PT#${ownPoint}` }))).toBeUndefined();
  });

  it('answers 404 to every read, write and deletion naming it, and leaves their series as it was', async () => {
    const before = await theirAnswer();
    expect(before?.[0].values.some((value) => value !== null)).toBe(true);
    const attempts = [
      api('PUT', '/api/v1/points', { token: intruder, body: { _id: theirPoint, name: 'Volé', technical_id: `VOL-${Date.now()}`, resource: 'electricity', series_type: 'index', unit: 'kWh', location: [] } }),
      api('POST', '/api/v1/series/query', { token: intruder, body: monthQuery }),
      api('POST', '/api/v1/data', { token: intruder, body: { data: [{ point: theirPoint, date: new Date().toISOString(), value: 1 }] } }),
      api('DELETE', `/api/v2/data/${theirPoint}/none/none`, { token: intruder }),
      api('PUT', '/api/v1/points/merge', { token: intruder, body: { points: [theirPoint], merge_to: ownPoint } }),
      api('PUT', '/api/v1/points/merge', { token: intruder, body: { points: [ownPoint], merge_to: theirPoint } }),
      api('DELETE', `/api/v1/points/${theirPoint}`, { token: intruder }),
    ];
    expect((await Promise.all(attempts)).map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(await theirAnswer()).toEqual(before);
    expect((await entities.get({ PK: `C#${premium()}`, SK: `PT#${theirPoint}` }))?.name).toBe('Index électricité TGBT');
  });

  it('keeps two customers\' series apart even when their point ids are equal', async () => {
    // Arranged in the table directly: the API never makes such an id.
    const twin = { ...(await entities.get({ PK: `C#${premium()}`, SK: `PT#${theirPoint}` }))!, PK: `C#${basic()}`, SK: `PT#${theirPoint}`, customer: basic(), location: [] };
    await entities.put(twin);
    try {
      const answer = await api<{ series: { values: unknown[] }[] }>('POST', '/api/v1/series/query', { token: intruder, body: monthQuery });
      expect(answer.status).toBe(200);
      expect(answer.body.data?.series[0].values.every((value) => value === null)).toBe(true);
      expect(await series.rollups(seriesRef(theirPoint, basic()), 'day')).toEqual([]);
      expect((await series.rollups(seriesRef(theirPoint), 'day')).length).toBeGreaterThan(0);
    } finally {
      await entities.delete({ PK: `C#${basic()}`, SK: `PT#${theirPoint}` });
    }
  });
});

describe('deleting a point right after values arrive', () => {
  it('leaves no raw value, rollup or marker of its series behind', async () => {
    const admin = (await login('premiumAdministrator')).user.jwt;
    const created = await api<{ _id: string }>('POST', '/api/v1/points', {
      token: admin,
      body: { name: 'Éphémère', technical_id: `EPH-${Date.now()}`, resource: 'water', series_type: 'counter', unit: 'm³', location: ['loc-lyon-a'] },
    });
    const id = created.body.data!._id;
    const ref = seriesRef(id);
    const dates = ['2026-05-31T21:00:00Z', '2026-06-01T08:00:00Z', '2026-07-01T08:00:00Z'];
    await api('POST', '/api/v1/data', { token: admin, body: { data: dates.map((date, index) => ({ point: id, date, value: index + 1 })) } });
    const months = ['202605', '202606', '202607'];
    expect(await series.itemCount(ref, months)).toBeGreaterThanOrEqual(3 + 3);
    expect((await api('DELETE', `/api/v1/points/${id}`, { token: admin })).status).toBe(200);
    expect(await eventually(() => series.itemCount(ref, months), (count) => count === 0, 45_000)).toBe(0);
  });
});
