import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginPayload } from '@shared/schemas/session';
import { api, login } from '../support/api';
import { entities } from '../support/aws';
import { testEnvironment } from '../support/environment';

/**
 * A user of one customer never reaches another customer's data through any endpoint of the
 * shell: ids of the other customer are refused (403 where the role may not act, 404 otherwise)
 * or ignored in favour of the caller's own customer.
 */
describe('tenant isolation', () => {
  const premium = () => testEnvironment().customers.premium;
  const basic = () => testEnvironment().customers.basic;
  const premiumNotification = () => ({ PK: `C#${premium()}`, SK: 'NOTIF#usr-premium-member#n-isolation' });

  beforeAll(async () => {
    await entities.put({
      ...premiumNotification(),
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
    const own = await api<{ new: { _id: string }[] }>('GET', '/api/v1/notifications/unread', { token: member.user.jwt });
    expect(own.body.data?.new.map((entry) => entry._id)).toEqual(['n-isolation']);
    for (const account of ['basicMember', 'basicAdministrator', 'premiumAdministrator'] as const) {
      const other = await login(account);
      const answer = await api<{ new: unknown[] }>('GET', '/api/v1/notifications/unread', { token: other.user.jwt });
      expect(answer.body.data?.new).toEqual([]);
    }
  });

  it('answers 404 for a path that does not exist rather than leaking anything', async () => {
    const { user } = await login('basicMember');
    const answer = await api('GET', `/api/v1/customers/${premium()}`, { token: user.jwt });
    expect([403, 404]).toContain(answer.status);
  });
});
