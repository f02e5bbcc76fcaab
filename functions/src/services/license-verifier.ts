import { compactVerify, importJWK } from 'jose';
import { licenseClaimsSchema, type LicenseClaims } from '@shared/schemas/license';
import { AppError } from '../errors';

/**
 * Checks a licence file: a JWS compact signed with EdDSA (Ed25519) by the vendor, whose payload
 * holds the licence claims for this product's audience. A bad signature, a tampered or malformed
 * file, another audience or a missing key all answer `license_invalid`; expiry is not checked
 * here (an expired licence is valid and locks the application when applied).
 */
export const verifyLicense = async (token: string, vendorPublicKey: string | undefined): Promise<LicenseClaims> => {
  if (!vendorPublicKey) throw new AppError('license_invalid', { details: 'No vendor public key is configured' });
  try {
    const key = await importJWK({ kty: 'OKP', crv: 'Ed25519', x: vendorPublicKey }, 'EdDSA');
    const { payload, protectedHeader } = await compactVerify(token.trim(), key, { algorithms: ['EdDSA', 'Ed25519'] });
    if (protectedHeader.alg !== 'EdDSA' && protectedHeader.alg !== 'Ed25519') throw new Error(`Unexpected alg ${protectedHeader.alg}`);
    return licenseClaimsSchema.parse(JSON.parse(new TextDecoder().decode(payload)));
  } catch (error) {
    throw new AppError('license_invalid', { cause: error, details: error instanceof Error ? error.message : String(error) });
  }
};
