import { readFileSync } from 'node:fs';
import { CompactSign, importJWK, type JWK } from 'jose';
import { LICENSE_AUDIENCE } from '@shared/schemas/license';
import { testEnvironment } from './environment';

export interface LicenseTerms {
  licensee?: string;
  customers?: number;
  premium_customers?: number;
  /** Last valid day, yyyy-MM-dd. */
  expires?: string;
  aud?: string;
}

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A licence file signed with a private key (JWK) — by default the development vendor's of the deployed stack. */
export const signLicense = async (terms: LicenseTerms = {}, privateKey?: JWK): Promise<string> => {
  const jwk = privateKey ?? (JSON.parse(readFileSync(testEnvironment().licenseVendorKeyFile, 'utf8')) as JWK);
  const key = await importJWK(jwk, 'EdDSA');
  const claims = {
    aud: terms.aud ?? LICENSE_AUDIENCE,
    licensee: terms.licensee ?? 'WattWise tests',
    customers: terms.customers ?? 1000,
    premium_customers: terms.premium_customers ?? 1000,
    expires: terms.expires ?? inDays(365),
    issued: new Date().toISOString(),
  };
  return new CompactSign(new TextEncoder().encode(JSON.stringify(claims))).setProtectedHeader({ alg: 'EdDSA' }).sign(key);
};

export const daysFromToday = inDays;
