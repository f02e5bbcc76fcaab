import * as z from 'zod';

/** Who a licence is for: the `aud` claim every licence of this product carries. */
export const LICENSE_AUDIENCE = 'wattwise';

/**
 * What a licence file says (the payload of a JWS compact, EdDSA, signed by the vendor): the
 * licensee, how many customers and premium customers it allows, its last valid day (UTC) and when
 * it was issued.
 */
export const licenseClaimsSchema = z.object({
  aud: z.union([z.literal(LICENSE_AUDIENCE), z.array(z.string()).refine((list) => list.includes(LICENSE_AUDIENCE))]),
  licensee: z.string().min(1).max(200),
  customers: z.number().int().min(0),
  premium_customers: z.number().int().min(0),
  expires: z.iso.date(),
  issued: z.iso.datetime({ offset: true }),
});
export type LicenseClaims = z.infer<typeof licenseClaimsSchema>;

/** `POST /api/v1/system_license`: the file's text (a licence file is a few hundred bytes). */
export const licenseUploadSchema = z.object({ license: z.string().trim().min(1).max(16_384) });

export const LICENSE_STATES = ['none', 'valid', 'expired'] as const;
export type LicenseState = (typeof LICENSE_STATES)[number];

/** `GET /api/v1/system_license`: what is installed, and how much of it is used. */
export const licenseStatusSchema = z.object({
  status: z.enum(LICENSE_STATES),
  licensee: z.string().nullable(),
  customers: z.object({ max: z.number().int().nullable(), used: z.number().int() }),
  premium_customers: z.object({ max: z.number().int().nullable(), used: z.number().int() }),
  expires: z.string().nullable(),
  issued: z.string().nullable(),
  installed_at: z.string().nullable(),
  is_locked: z.boolean(),
  /** An uploaded licence waits for the restart that applies it. */
  pending: z.boolean(),
});
export type LicenseStatus = z.infer<typeof licenseStatusSchema>;

export const licenseUploadResponseSchema = z.object({ licensee: z.string(), expires: z.string(), pending: z.literal(true) });
export const licenseAppliedResponseSchema = z.object({ status: z.enum(LICENSE_STATES), is_locked: z.boolean() });

/** A licence is valid through the whole of its `expires` day (UTC); without one the product runs unlocked (developer mode). */
export const licenseState = (claims: Pick<LicenseClaims, 'expires'> | null, now: Date): LicenseState => {
  if (!claims) return 'none';
  const lastInstant = Date.parse(`${claims.expires}T23:59:59.999Z`);
  return now.getTime() > lastInstant ? 'expired' : 'valid';
};

export interface CustomerCounts {
  customers: number;
  premium: number;
}

/**
 * Which limit a change of the customers would break: `after` counts the customers as they would
 * be. A change that does not add to a count over its limit is allowed (a licence lowered below
 * what exists still lets existing customers be edited).
 */
export const brokenLicenseLimit = (
  claims: Pick<LicenseClaims, 'customers' | 'premium_customers'> | null,
  before: CustomerCounts,
  after: CustomerCounts,
): 'license_customers_limit' | 'license_premium_limit' | null => {
  if (!claims) return null;
  if (after.customers > before.customers && after.customers > claims.customers) return 'license_customers_limit';
  if (after.premium > before.premium && after.premium > claims.premium_customers) return 'license_premium_limit';
  return null;
};
