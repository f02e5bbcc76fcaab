// @runs-alone: locks the whole application to check who may still sign in.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginPayload } from '@shared/schemas/session';
import { eventually } from '../support/eventually';
import { api, login } from '../support/api';
import { entities, jwtSecret } from '../support/aws';
import { testEnvironment } from '../support/environment';

const HOUR = 60 * 60 * 1000;

describe('sign-in', () => {
  it('answers the login payload with a one-hour token', async () => {
    const payload = await login('premiumAdministrator');
    expect(payload.user.email).toBe(testEnvironment().accounts.premiumAdministrator.email);
    expect(payload.user.jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(payload.user).not.toHaveProperty('password_hash');
    expect(payload.customer).toMatchObject({ _id: testEnvironment().customers.premium, is_premium: true, timezone: 'Europe/Paris' });
    expect(payload.is_premium).toBe(true);
    expect(payload.is_locked).toBe(false);
    expect(payload.permissions.administrator['app.settings.users']).toContain('view');
    expect(payload.customers).toHaveLength(1);
    const life = Date.parse(payload.user.expires_at) - Date.parse(payload.user.issued_at);
    expect(life).toBe(HOUR);
  });

  it('makes the session last seven days with "remember me"', async () => {
    const payload = await login('premiumMember', { remember: true });
    expect(Date.parse(payload.user.expires_at) - Date.parse(payload.user.issued_at)).toBe(7 * 24 * HOUR);
  });

  it('refuses a wrong password with the bad-credentials code', async () => {
    const answer = await api('POST', '/api/v1/users/authenticate', {
      body: { user: { email: testEnvironment().accounts.basicMember.email, password: 'not-the-password' } },
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ res: false, msg: 'bad_credentials' });
  });

  it('refuses an unknown e-mail exactly like a wrong password', async () => {
    const answer = await api('POST', '/api/v1/users/authenticate', {
      body: { user: { email: 'nobody@nowhere.example', password: 'whatever-it-is' } },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.msg).toBe('bad_credentials');
  });

  it('refuses a malformed request with a validation code', async () => {
    const answer = await api('POST', '/api/v1/users/authenticate', { body: { user: { email: 'not-an-email' } } });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('validation_failed');
  });

  it('shows a member only the locations allowed, their ancestors unclickable, never hidden ones', async () => {
    const payload = await login('premiumMember');
    const flat = Object.fromEntries(payload.locations_flattened.map((location) => [location._id, location.clickable]));
    expect(flat).toEqual({ 'loc-lyon': false, 'loc-lyon-a': true, 'loc-grenoble': true });
  });

  it('shows an administrator every location but the hidden one', async () => {
    const payload = await login('premiumAdministrator');
    const ids = payload.locations_flattened.map((location) => location._id);
    expect(ids).toContain('loc-lyon-a-1');
    expect(ids).not.toContain('loc-archive');
    expect(payload.locations[0].children.length).toBeGreaterThan(0);
  });
});

describe('deactivated customer and locked application', () => {
  const customerKey = () => ({ PK: `C#${testEnvironment().customers.basic}`, SK: 'CUSTOMER' });
  const systemKey = { PK: 'SYSTEM', SK: 'CONFIG' };

  afterAll(async () => {
    await entities.set(customerKey(), { active: true });
    await entities.set(systemKey, { is_locked: false });
  });

  it('refuses users of a deactivated customer', async () => {
    await entities.set(customerKey(), { active: false });
    const { email, password } = testEnvironment().accounts.basicAdministrator;
    const answer = await api('POST', '/api/v1/users/authenticate', { body: { user: { email, password } } });
    expect(answer.status).toBe(403);
    expect(answer.body.msg).toBe('customer_deactivated');
    await entities.set(customerKey(), { active: true });
  });

  it('refuses sign-in while the application is locked, telling the web it is locked', async () => {
    await entities.set(systemKey, { is_locked: true });
    const { email, password } = testEnvironment().accounts.premiumAdministrator;
    const answer = await api('POST', '/api/v1/users/authenticate', { body: { user: { email, password } } });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ res: false, msg: 'application_locked', data: { is_locked: true } });
  });

  it('still lets root in while locked, so a licence can be installed', async () => {
    await entities.set(systemKey, { is_locked: true });
    const payload = await login('root');
    expect(payload.is_locked).toBe(true);
    await entities.set(systemKey, { is_locked: false });
  });
});

describe('failed sign-in throttling', () => {
  const email = `throttled-${Date.now()}@energie-plus.example`;
  const password = 'correct-horse-battery';

  beforeAll(async () => {
    const { hashPassword } = await import('../../functions/src/services/password-hasher');
    await entities.put({
      PK: `C#${testEnvironment().customers.premium}`,
      SK: 'USER#usr-throttled',
      GSI1PK: `EMAIL#${email}`,
      GSI1SK: 'USER',
      kind: 'user',
      _id: 'usr-throttled',
      first_name: 'Thomas',
      last_name: 'Trottoir',
      email,
      type: 'member',
      internal_role: 'member',
      is_root: false,
      customer: testEnvironment().customers.premium,
      picture: '/img/avatars/male.png',
      allowed_locations: 'view',
      last_notification_read: null,
      password_hash: await hashPassword(password),
    });
  });

  it('refuses even the right password after five failures in a row', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await api('POST', '/api/v1/users/authenticate', { body: { user: { email, password: 'wrong-password' } } });
      expect(answer.body.msg).toBe('bad_credentials');
    }
    const answer = await api('POST', '/api/v1/users/authenticate', { body: { user: { email, password } } });
    expect(answer.status).toBe(429);
    expect(answer.body.msg).toBe('too_many_attempts');
  });
});

describe('automatic login', () => {
  it('renews a valid stored token', async () => {
    const first = await login('premiumAdministrator');
    // Tokens carry whole seconds: a renewal within the same second would look like the same token.
    const answer = await eventually(
      () => api<LoginPayload>('POST', '/api/v1/users/auto_login', { body: { token: first.user.jwt } }),
      (candidate) => candidate.body.data?.user.jwt !== first.user.jwt,
      5_000,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data?.user._id).toBe(first.user._id);
    expect(answer.body.data?.user.jwt).not.toBe(first.user.jwt);
    expect(Date.parse(answer.body.data!.user.expires_at)).toBeGreaterThan(Date.parse(first.user.expires_at));
  });

  it('refuses an expired token', async () => {
    const first = await login('premiumAdministrator');
    const [, payload] = first.user.jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const expired = await new SignJWT({ ...claims, iat: claims.iat - 7200, exp: claims.iat - 3600 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(await jwtSecret()));
    const answer = await api('POST', '/api/v1/users/auto_login', { body: { token: expired } });
    expect(answer.status).toBe(401);
    expect(answer.body.msg).toBe('session_expired');
  });

  it('refuses a tampered token', async () => {
    const first = await login('premiumMember');
    const [header, payload, signature] = first.user.jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'root_administrator', root: true })).toString('base64url');
    const answer = await api('POST', '/api/v1/users/auto_login', { body: { token: `${header}.${forged}.${signature}` } });
    expect(answer.status).toBe(401);
    expect(answer.body.msg).toBe('unauthorized');
  });
});
