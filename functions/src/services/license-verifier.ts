import { licenseClaimsSchema, type LicenseClaims } from '@shared/schemas/license';
import { AppError } from '../errors';
import { verifyVendorSignature } from './vendor-signature';

/**
 * Checks a licence file: a JWS compact signed by the vendor, whose payload holds the licence
 * claims for this product's audience. A bad signature, a tampered or malformed file, another
 * audience or a missing key all answer `license_invalid`; expiry is not checked here (an expired
 * licence is valid and locks the application when applied).
 */
export const verifyLicense = async (token: string, vendorPublicKey: string | undefined): Promise<LicenseClaims> => {
  if (!vendorPublicKey) throw new AppError('license_invalid', { details: 'No vendor public key is configured' });
  try {
    return licenseClaimsSchema.parse(await verifyVendorSignature(token, vendorPublicKey));
  } catch (error) {
    throw new AppError('license_invalid', { cause: error, details: error instanceof Error ? error.message : String(error) });
  }
};
