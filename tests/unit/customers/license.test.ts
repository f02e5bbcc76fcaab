import { CompactSign, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { brokenLicenseLimit, LICENSE_AUDIENCE, licenseState } from '@shared/schemas/license';
import { verifyLicense } from '../../../functions/src/services/license-verifier';

let vendorPublic: string;
let vendorPrivate: JWK;
let otherPrivate: JWK;

const claims = { aud: LICENSE_AUDIENCE, licensee: 'Acme Énergie', customers: 10, premium_customers: 3, expires: '2027-12-31', issued: '2026-11-01T08:00:00Z' };

const sign = async (payload: unknown, jwk: JWK = vendorPrivate) => {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader({ alg: 'EdDSA' }).sign(await importJWK(jwk, 'EdDSA'));
};

beforeAll(async () => {
  const vendor = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  vendorPublic = String((await exportJWK(vendor.publicKey)).x);
  vendorPrivate = await exportJWK(vendor.privateKey);
  otherPrivate = await exportJWK((await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true })).privateKey);
});

const refusal = async (token: string, key: string | undefined) => {
  try {
    await verifyLicense(token, key);
    return null;
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe('licence verification', () => {
  it('reads the claims of a file signed by the vendor', async () => {
    expect(await verifyLicense(await sign(claims), vendorPublic)).toEqual(claims);
  });

  it('refuses a file whose payload was changed after signing', async () => {
    const [header, , signature] = (await sign(claims)).split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, customers: 1000 })).toString('base64url');
    expect(await refusal(`${header}.${forged}.${signature}`, vendorPublic)).toBe('license_invalid');
  });

  it('refuses a file signed by another key, for another product, malformed or without a vendor key', async () => {
    expect(await refusal(await sign(claims, otherPrivate), vendorPublic)).toBe('license_invalid');
    expect(await refusal(await sign({ ...claims, aud: 'another-product' }), vendorPublic)).toBe('license_invalid');
    expect(await refusal(await sign({ ...claims, customers: 'many' }), vendorPublic)).toBe('license_invalid');
    expect(await refusal('not a licence', vendorPublic)).toBe('license_invalid');
    expect(await refusal(await sign(claims), undefined)).toBe('license_invalid');
  });

  it('accepts an expired licence, whose state then says expired', async () => {
    const expired = await verifyLicense(await sign({ ...claims, expires: '2025-01-31' }), vendorPublic);
    expect(licenseState(expired, new Date('2026-11-23T10:00:00Z'))).toBe('expired');
  });
});

describe('licence state', () => {
  it('is valid through the whole of its last day (UTC), expired after it, and none without a licence', () => {
    expect(licenseState({ expires: '2026-11-23' }, new Date('2026-11-23T23:59:59Z'))).toBe('valid');
    expect(licenseState({ expires: '2026-11-23' }, new Date('2026-11-24T00:00:00Z'))).toBe('expired');
    expect(licenseState(null, new Date())).toBe('none');
  });
});

describe('licence limits', () => {
  const terms = { customers: 3, premium_customers: 1 };

  it('refuses a customer beyond the number allowed, and a premium one beyond the premium number', () => {
    expect(brokenLicenseLimit(terms, { customers: 3, premium: 0 }, { customers: 4, premium: 0 })).toBe('license_customers_limit');
    expect(brokenLicenseLimit(terms, { customers: 2, premium: 1 }, { customers: 2, premium: 2 })).toBe('license_premium_limit');
    expect(brokenLicenseLimit(terms, { customers: 2, premium: 0 }, { customers: 3, premium: 1 })).toBeNull();
  });

  it('lets existing customers be edited when the licence was lowered below them, and sets no limit without a licence', () => {
    expect(brokenLicenseLimit(terms, { customers: 5, premium: 2 }, { customers: 5, premium: 2 })).toBeNull();
    expect(brokenLicenseLimit(terms, { customers: 5, premium: 2 }, { customers: 5, premium: 1 })).toBeNull();
    expect(brokenLicenseLimit(null, { customers: 500, premium: 0 }, { customers: 501, premium: 501 })).toBeNull();
  });
});
