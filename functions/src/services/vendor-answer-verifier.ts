import {
  VENDOR_ANSWER_CLOCK_SKEW_SECONDS,
  VENDOR_ANSWER_MAX_AGE_SECONDS,
  vendorAnswerClaimsSchema,
  type VendorAnswerClaims,
} from '@shared/schemas/application';
import { AppError } from '../errors';
import { verifyVendorSignature } from './vendor-signature';

export interface VendorAnswerExpectations {
  /** This installation's machine id: an answer for another machine is refused. */
  machineId: string;
  /** The vendor's public key (the one that signs licences); none configured refuses every answer. */
  vendorPublicKey: string | undefined;
  now: Date;
}

/**
 * Checks the signature of the vendor's is_allowed answer as a browser relayed it: signed by the
 * vendor (`vendor_signature_missing` / `vendor_signature_invalid`), for this machine
 * (`vendor_answer_foreign`), and fresh (`vendor_answer_stale`). Whether it was applied before is
 * the repository's conditional write to decide.
 */
export const verifyVendorAnswer = async (signature: string | undefined, expected: VendorAnswerExpectations): Promise<VendorAnswerClaims> => {
  if (!signature) throw new AppError('vendor_signature_missing');
  if (!expected.vendorPublicKey) throw new AppError('vendor_signature_invalid', { details: 'No vendor public key is configured' });
  let claims: VendorAnswerClaims;
  try {
    claims = vendorAnswerClaimsSchema.parse(await verifyVendorSignature(signature, expected.vendorPublicKey));
  } catch (error) {
    throw new AppError('vendor_signature_invalid', { cause: error, details: error instanceof Error ? error.message : String(error) });
  }
  if (claims.machine_id !== expected.machineId) throw new AppError('vendor_answer_foreign', { details: { machine_id: claims.machine_id } });
  const now = Math.floor(expected.now.getTime() / 1000);
  if (claims.iat < now - VENDOR_ANSWER_MAX_AGE_SECONDS || claims.iat > now + VENDOR_ANSWER_CLOCK_SKEW_SECONDS) {
    throw new AppError('vendor_answer_stale', { details: { signed_at: new Date(claims.iat * 1000).toISOString() } });
  }
  return claims;
};
