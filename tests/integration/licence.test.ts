// @runs-alone: an expired licence locks the whole application, and it counts every customer.
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '@shared/schemas/customer';
import type { LicenseStatus } from '@shared/schemas/license';
import type { LoginPayload } from '@shared/schemas/session';
import { api, login } from '../support/api';
import { testEnvironment } from '../support/environment';
import { daysFromToday, signLicense } from '../support/license';

let root: string;
let superUser: string;

const status = async () => (await api<LicenseStatus>('GET', '/api/v1/system_license', { token: superUser })).body.data!;

/** Root uploads a licence file, then the browser's restart call applies it. */
const install = async (license: string) => {
  const uploaded = await api('POST', '/api/v1/system_license', { token: root, body: { license } });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  expect(uploaded.body.msg).toBe('license_activated');
  const applied = await api<{ status: string; is_locked: boolean }>('GET', '/api/v1/application/restart/new_license', { token: root });
  expect(applied.status).toBe(200);
  return applied.body.data!;
};

const signIn = (account: 'premiumMember' | 'root') => {
  const { email, password } = testEnvironment().accounts[account];
  return api<LoginPayload>('POST', '/api/v1/users/authenticate', { body: { user: { email, password, remember: false } } });
};

beforeAll(async () => {
  root = (await login('root')).user.jwt;
  superUser = (await login('super')).user.jwt;
});

afterAll(async () => {
  // Other files run after this one: a generous licence in force, the application unlocked.
  await install(await signLicense());
});

describe('the licence', () => {
  it('refuses a file that is not signed by the vendor for this product, and keeps nothing of it', async () => {
    const valid = await signLicense();
    const [header, , signature] = valid.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ aud: 'wattwise', licensee: 'Forged', customers: 99999, premium_customers: 99999, expires: '2099-12-31', issued: new Date().toISOString() })).toString('base64url')}.${signature}`;
    const stranger = await exportJWK((await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true })).privateKey);
    const refusals = [tampered, await signLicense({}, stranger), await signLicense({ aud: 'another-product' }), 'this is not a licence file', valid.slice(0, -4)];
    for (const license of refusals) {
      const answer = await api('POST', '/api/v1/system_license', { token: root, body: { license } });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe('license_invalid');
    }
    expect((await status()).pending).toBe(false);
    expect((await api('GET', '/api/v1/application/restart/new_license', { token: root })).body.msg).toBe('license_not_pending');
  });

  it('is installed by root only, and seen by super users', async () => {
    const license = await signLicense();
    expect((await api('POST', '/api/v1/system_license', { token: superUser, body: { license } })).body.msg).toBe('forbidden');
    expect((await api('GET', '/api/v1/application/restart/new_license', { token: superUser })).body.msg).toBe('forbidden');
    const member = (await login('premiumMember')).user.jwt;
    expect((await api('GET', '/api/v1/system_license', { token: member })).status).toBe(403);
  });

  it('limits the number of customers and of premium customers', async () => {
    const { customers, premium_customers } = await status();
    const licensee = `Limited ${randomUUID().slice(0, 6)}`;
    expect(await install(await signLicense({ licensee, customers: customers.used, premium_customers: premium_customers.used }))).toEqual({ status: 'valid', is_locked: false });
    expect(await status()).toMatchObject({ status: 'valid', licensee, customers: { max: customers.used, used: customers.used }, pending: false });

    const refused = await api('POST', '/api/v1/customers', { token: root, body: { name: 'Zz one too many' } });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('license_customers_limit');
    const basic = (await api<Customer>('GET', `/api/v1/customers/${testEnvironment().customers.basic}`, { token: root })).body.data!;
    const premium = await api('PUT', '/api/v1/customers', { token: root, body: { ...basic, is_premium: true } });
    expect(premium.body.msg).toBe('license_premium_limit');
    // Editing within the limits stays possible.
    expect((await api('PUT', '/api/v1/customers', { token: root, body: { ...basic } })).status).toBe(200);
    expect((await api<Customer>('GET', `/api/v1/customers/${basic._id}`, { token: root })).body.data!.is_premium).toBe(false);
  });

  it('locks the application when expired: only root signs in, and a fresh licence unlocks it', async () => {
    expect(await install(await signLicense({ expires: daysFromToday(-2) }))).toEqual({ status: 'expired', is_locked: true });
    const refused = await signIn('premiumMember');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('application_locked');
    const rootSignIn = await signIn('root');
    expect(rootSignIn.status).toBe(200);
    expect(rootSignIn.body.data!.is_locked).toBe(true);
    expect(await status()).toMatchObject({ status: 'expired', is_locked: true });

    expect(await install(await signLicense({ expires: daysFromToday(30) }))).toEqual({ status: 'valid', is_locked: false });
    expect((await signIn('premiumMember')).status).toBe(200);
    expect(await status()).toMatchObject({ status: 'valid', is_locked: false });
  });
});
