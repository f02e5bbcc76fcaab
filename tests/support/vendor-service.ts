import { readFileSync } from 'node:fs';
import { CompactSign, importJWK, type JWK } from 'jose';
import { VENDOR_ANSWER_AUDIENCE } from '@shared/schemas/application';
import { testEnvironment } from './environment';

/** What the local vendor service answers (infra/local/fake-vendor-service.ts), as a test sets it. */
export interface VendorAnswers {
  latest?: string;
  is_locked?: boolean;
  is_allowed_to_update?: boolean;
}

export const vendorServiceUrl = (): string => {
  const url = testEnvironment().vendorService?.url;
  if (!url) throw new Error('No local vendor service in the test environment');
  return url;
};

export const setVendorAnswers = async (answers: VendorAnswers): Promise<VendorAnswers> => {
  const response = await fetch(new URL('_control', vendorServiceUrl()), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(answers),
  });
  if (!response.ok) throw new Error(`vendor control answered ${response.status}`);
  return (await response.json()) as VendorAnswers;
};

/** What the vendor signs in its is_allowed answer, as a test chooses it (by default for now). */
export interface VendorAnswerTerms {
  machine_id: string;
  is_locked: boolean;
  is_allowed_to_update: boolean;
  /** Seconds since the epoch. */
  iat?: number;
  aud?: string;
}

/** The vendor's is_allowed answer with its signature, as the vendor service would send it — by default with the deployed stack's development vendor key. */
export const signedVendorAnswer = async (terms: VendorAnswerTerms, privateKey?: JWK) => {
  const jwk = privateKey ?? (JSON.parse(readFileSync(testEnvironment().licenseVendorKeyFile, 'utf8')) as JWK);
  const claims = {
    aud: terms.aud ?? VENDOR_ANSWER_AUDIENCE,
    machine_id: terms.machine_id,
    is_locked: terms.is_locked,
    is_allowed_to_update: terms.is_allowed_to_update,
    iat: terms.iat ?? Math.floor(Date.now() / 1000),
  };
  const signature = await new CompactSign(new TextEncoder().encode(JSON.stringify(claims))).setProtectedHeader({ alg: 'EdDSA' }).sign(await importJWK(jwk, 'EdDSA'));
  return { data: { is_locked: terms.is_locked, is_allowed_to_update: terms.is_allowed_to_update, signature } };
};

/** What the local vendor service answers a browser that asks about a machine. */
export const askVendorIsAllowed = async (machineId: string): Promise<unknown> => {
  const response = await fetch(new URL(`update/is_allowed/${encodeURIComponent(machineId)}`, vendorServiceUrl()));
  if (!response.ok) throw new Error(`vendor answered ${response.status}`);
  return response.json();
};
