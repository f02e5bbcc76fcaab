import { CompactSign, exportJWK, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { LICENSE_AUDIENCE } from '@shared/schemas/license';
import { VENDOR_ANSWER_AUDIENCE } from '@shared/schemas/application';
import { verifyVendorAnswer } from '../../../functions/src/services/vendor-answer-verifier';

const NOW = new Date('2026-11-28T08:00:00.000Z');
const nowSeconds = NOW.getTime() / 1000;

type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let vendorKey: Key;
let otherKey: Key;
let vendorPublicKey: string;

beforeAll(async () => {
  const vendor = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  vendorKey = vendor.privateKey;
  vendorPublicKey = String((await exportJWK(vendor.publicKey)).x);
  otherKey = (await generateKeyPair('EdDSA', { crv: 'Ed25519' })).privateKey;
});

const sign = (claims: Record<string, unknown>, key: Key = vendorKey) =>
  new CompactSign(new TextEncoder().encode(JSON.stringify(claims))).setProtectedHeader({ alg: 'EdDSA' }).sign(key);

const answer = (changes: Record<string, unknown> = {}) => ({
  aud: VENDOR_ANSWER_AUDIENCE,
  machine_id: 'machine-a',
  is_locked: true,
  is_allowed_to_update: false,
  iat: nowSeconds - 30,
  ...changes,
});

const verify = (signature: string | undefined) => verifyVendorAnswer(signature, { machineId: 'machine-a', vendorPublicKey, now: NOW });

const refusal = (promise: Promise<unknown>) => promise.then(() => 'accepted', (error: { code?: string }) => error.code);

describe('the vendor answer a browser relays', () => {
  it('is taken when the vendor signed it for this machine within ten minutes', async () => {
    expect(await verify(await sign(answer()))).toEqual(answer());
    expect(await verify(await sign(answer({ iat: nowSeconds - 600 })))).toMatchObject({ is_locked: true });
  });

  it('is refused unsigned', async () => {
    expect(await refusal(verify(undefined))).toBe('vendor_signature_missing');
    expect(await refusal(verify(''))).toBe('vendor_signature_missing');
  });

  it('is refused when signed with another key, tampered with or not a signature at all', async () => {
    expect(await refusal(verify(await sign(answer(), otherKey)))).toBe('vendor_signature_invalid');
    const [header, , signature] = (await sign(answer())).split('.');
    const unlocked = Buffer.from(JSON.stringify(answer({ is_locked: false }))).toString('base64url');
    expect(await refusal(verify(`${header}.${unlocked}.${signature}`))).toBe('vendor_signature_invalid');
    expect(await refusal(verify('not-a-jws'))).toBe('vendor_signature_invalid');
  });

  it('is refused when no vendor key is configured', async () => {
    const unconfigured = verifyVendorAnswer(await sign(answer()), { machineId: 'machine-a', vendorPublicKey: undefined, now: NOW });
    expect(await refusal(unconfigured)).toBe('vendor_signature_invalid');
  });

  it("is refused when the vendor signed something else (a licence file's claims)", async () => {
    expect(await refusal(verify(await sign(answer({ aud: LICENSE_AUDIENCE }))))).toBe('vendor_signature_invalid');
    expect(await refusal(verify(await sign({ aud: VENDOR_ANSWER_AUDIENCE, machine_id: 'machine-a', iat: nowSeconds })))).toBe('vendor_signature_invalid');
  });

  it('is refused for another machine', async () => {
    expect(await refusal(verify(await sign(answer({ machine_id: 'machine-b' }))))).toBe('vendor_answer_foreign');
  });

  it('is refused when older than ten minutes or signed ahead of the clock by more than a minute', async () => {
    expect(await refusal(verify(await sign(answer({ iat: nowSeconds - 601 }))))).toBe('vendor_answer_stale');
    expect(await refusal(verify(await sign(answer({ iat: nowSeconds + 60 }))))).toBe('accepted');
    expect(await refusal(verify(await sign(answer({ iat: nowSeconds + 61 }))))).toBe('vendor_answer_stale');
  });
});
