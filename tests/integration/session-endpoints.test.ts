import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { LoginPayload, RenewedPayload } from '@shared/schemas/session';
import { api, login } from '../support/api';
import { jwtSecret } from '../support/aws';
import { testEnvironment } from '../support/environment';

describe('the token authorizer', () => {
  const signedInPath = '/api/v1/users/set_last_notification_read';

  it('answers 401 without a token', async () => {
    expect((await api('GET', signedInPath)).status).toBe(401);
  });

  it('answers 401 for a tampered token', async () => {
    const { user } = await login('basicMember');
    const [header, payload, signature] = user.jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...claims, cid: testEnvironment().customers.premium })).toString('base64url');
    expect((await api('GET', signedInPath, { token: `${header}.${forged}.${signature}` })).status).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const { user } = await login('basicMember');
    const claims = JSON.parse(Buffer.from(user.jwt.split('.')[1], 'base64url').toString('utf8'));
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(await jwtSecret()));
    expect((await api('GET', signedInPath, { token: expired })).status).toBe(401);
  });

  it('lets a valid token through', async () => {
    const { user } = await login('basicMember');
    const answer = await api<{ last_notification_read: string }>('GET', signedInPath, { token: user.jwt });
    expect(answer.status).toBe(200);
    expect(Date.parse(answer.body.data!.last_notification_read)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('last notification read', () => {
  it('is stored and comes back with the next login', async () => {
    const { user } = await login('premiumMember');
    const answer = await api<{ last_notification_read: string }>('GET', '/api/v1/users/set_last_notification_read', {
      token: user.jwt,
    });
    const again = await login('premiumMember');
    expect(again.user.last_notification_read).toBe(answer.body.data!.last_notification_read);
  });
});

describe('customer switching', () => {
  it('moves a super user to another customer with new login data', async () => {
    const first = await login('super');
    expect(first.customers.map((customer) => customer._id)).toEqual(
      expect.arrayContaining([testEnvironment().customers.premium, testEnvironment().customers.basic]),
    );
    const answer = await api<LoginPayload>('POST', '/api/v1/users/change-customer', {
      token: first.user.jwt,
      body: { customer: testEnvironment().customers.basic },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data?.customer._id).toBe(testEnvironment().customers.basic);
    expect(answer.body.data?.is_premium).toBe(false);
    expect(answer.body.data?.locations_flattened.map((location) => location._id)).toContain('loc-mairie');
  });

  it('reopens a super user session on the last customer used', async () => {
    const payload = await login('super', { lastCustomer: testEnvironment().customers.basic });
    expect(payload.customer._id).toBe(testEnvironment().customers.basic);
  });

  it('refuses a member with 403', async () => {
    const { user } = await login('premiumMember');
    const answer = await api('POST', '/api/v1/users/change-customer', {
      token: user.jwt,
      body: { customer: testEnvironment().customers.basic },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.msg).toBe('forbidden');
  });

  it('answers 404 for a customer that does not exist', async () => {
    const { user } = await login('super');
    const answer = await api('POST', '/api/v1/users/change-customer', { token: user.jwt, body: { customer: 'cust-nowhere' } });
    expect(answer.status).toBe(404);
    expect(answer.body.msg).toBe('customer_not_found');
  });
});

describe('user list refresh', () => {
  it('gives root the customer users and the super users', async () => {
    const { user } = await login('root', { lastCustomer: testEnvironment().customers.premium });
    const answer = await api<{ customer_users: { email: string }[]; super_users: { email: string }[] }>(
      'GET',
      '/api/v1/application/update-users',
      { token: user.jwt },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data?.customer_users.map((entry) => entry.email)).toContain(
      testEnvironment().accounts.premiumAdministrator.email,
    );
    expect(answer.body.data?.super_users.map((entry) => entry.email)).toContain(testEnvironment().accounts.super.email);
  });

  it('refuses anyone but root with 403', async () => {
    for (const account of ['super', 'premiumAdministrator'] as const) {
      const { user } = await login(account);
      expect((await api('GET', '/api/v1/application/update-users', { token: user.jwt })).status).toBe(403);
    }
  });
});

describe('public endpoints', () => {
  it('answers the anonymous permission set', async () => {
    const answer = await api<Record<string, string[]>>('GET', '/api/v1/acl');
    expect(answer.status).toBe(200);
    expect(answer.body.data?.['app.about']).toEqual(['view']);
    expect(answer.body.data).not.toHaveProperty('app.dashboard');
  });

  it('answers the OpenAPI document of the deployed routes as it is, without the envelope', async () => {
    const answer = await api('GET', '/api/v1/openapi.json');
    expect(answer.status).toBe(200);
    const document = answer.body as unknown as { openapi: string; paths: Record<string, unknown>; res?: unknown };
    expect(document.openapi).toBe('3.1.0');
    expect(document).not.toHaveProperty('res');
    expect(Object.keys(document.paths)).toContain('/api/v1/series/query');
  });

  it('answers the customizations, empty until a logo is uploaded', async () => {
    const answer = await api('GET', '/api/v1/system/customizations');
    expect(answer.body).toEqual({ res: true, data: { logo: null, background_image: null } });
  });
});

describe('a renewal of the locations a client holds', () => {
  it('leaves them out while they are the visible ones, and sends them whole for another stamp, none, or another user\'s', async () => {
    const member = await login('premiumMember');
    const administrator = await login('premiumAdministrator');
    const renew = (locations_stamp?: string) =>
      api<RenewedPayload>('POST', '/api/v1/users/auto_login', { body: { token: member.user.jwt, ...(locations_stamp === undefined ? {} : { locations_stamp }) } });
    const ids = (payload: RenewedPayload | undefined) => (payload && 'locations_flattened' in payload ? payload.locations_flattened.map((location) => location._id) : null);

    const held = await renew(member.locations_stamp);
    expect(held.status).toBe(200);
    expect(held.body.data).toMatchObject({ locations_unchanged: true, locations_stamp: member.locations_stamp, customer: { _id: testEnvironment().customers.premium } });
    expect(held.body.data).not.toHaveProperty('locations');
    expect(held.body.data).not.toHaveProperty('locations_flattened');

    // The administrator sees every location of the customer, the member those of their rights: their stamps differ.
    expect(administrator.locations_stamp).not.toBe(member.locations_stamp);
    for (const stamp of [undefined, 'an-older-stamp', administrator.locations_stamp]) {
      const whole = await renew(stamp);
      expect(whole.body.data).not.toHaveProperty('locations_unchanged');
      expect(ids(whole.body.data)).toEqual(member.locations_flattened.map((location) => location._id));
      expect(whole.body.data?.locations_stamp).toBe(member.locations_stamp);
    }
  });
});
