import { compactVerify, importJWK } from 'jose';

/**
 * The payload of a JWS compact signed by the vendor with EdDSA (Ed25519): licence files and the
 * is_allowed answers a browser relays are both checked here, against the vendor's public key (the
 * `x` of its JWK, a deployment setting). Throws when the signature, the algorithm or the JSON does
 * not hold; each caller says what that means for its own document.
 */
export const verifyVendorSignature = async (token: string, vendorPublicKey: string): Promise<unknown> => {
  const key = await importJWK({ kty: 'OKP', crv: 'Ed25519', x: vendorPublicKey }, 'EdDSA');
  const { payload } = await compactVerify(token.trim(), key, { algorithms: ['EdDSA', 'Ed25519'] });
  return JSON.parse(new TextDecoder().decode(payload));
};
