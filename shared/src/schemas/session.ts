import * as z from 'zod';
import type { PermissionMap } from '../permissions/default-permissions';
import { ACTIONS, RESOURCE_KEYS } from '../permissions/resource-keys';
import { roleSchema } from '../permissions/roles';
import { customerSummarySchema } from './customer';
import { locationSchema, type Location } from './location';
import { userSchema, userSummarySchema } from './user';
import { idSchema } from './common';

export const authenticateRequestSchema = z.object({
  user: z.object({
    email: z.string().trim().toLowerCase().email(),
    password: z.string().min(1).max(200),
    remember: z.boolean().default(false),
  }),
  last_customer: idSchema.nullish(),
});
export type AuthenticateRequest = z.infer<typeof authenticateRequestSchema>;

export const autoLoginRequestSchema = z.object({
  token: z.string().min(1).max(4096),
  last_customer: idSchema.nullish(),
  /**
   * The `locations_stamp` of the login payload the client holds: while the visible locations are
   * still those, the answer leaves them out (`locations_unchanged`) and the client keeps its own.
   * A client that sends none gets the whole login payload.
   */
  locations_stamp: z.string().max(64).nullish(),
});
export type AutoLoginRequest = z.infer<typeof autoLoginRequestSchema>;

export const changeCustomerRequestSchema = z.object({ customer: idSchema });
export type ChangeCustomerRequest = z.infer<typeof changeCustomerRequestSchema>;

/** The signed-in user with their token (ISO date-times; `remember` keeps the session 7 days). */
export const sessionUserSchema = userSchema.extend({
  /** The bearer token for every further call. */
  jwt: z.string(),
  /** When the token stops being accepted. */
  expires_at: z.string(),
  /** When the token was issued, for renewal on activity. */
  issued_at: z.string(),
  remember: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** A location of the visible tree: whether it may be opened, and its visible children. */
export type VisibleLocation = Location & { clickable: boolean; children: VisibleLocation[] };
export const visibleLocationSchema: z.ZodType<VisibleLocation> = z.lazy(() =>
  locationSchema.extend({ clickable: z.boolean(), children: z.array(visibleLocationSchema) }),
);

export const flatLocationSchema = z.object({
  _id: idSchema,
  name: z.string(),
  denomination: z.string().nullable(),
  parent: idSchema.nullable(),
  clickable: z.boolean(),
});
export type FlatLocation = z.infer<typeof flatLocationSchema>;

const permissionSetSchema = z.partialRecord(z.enum(RESOURCE_KEYS), z.array(z.enum(ACTIONS)));

/** The login payload (spec 1 §3.1), answered by authenticate, auto_login and change-customer. */
export const loginPayloadSchema = z.object({
  user: sessionUserSchema,
  customers: z.array(customerSummarySchema),
  customer_users: z.array(userSummarySchema),
  super_users: z.array(userSummarySchema),
  customer: customerSummarySchema.extend({ is_premium: z.boolean() }),
  permissions: z.record(roleSchema, permissionSetSchema),
  locations: z.array(visibleLocationSchema),
  locations_flattened: z.array(flatLocationSchema),
  /** Names this `locations` and `locations_flattened` (a digest of them), for a renewal to say they are unchanged. */
  locations_stamp: z.string(),
  sources: z.array(z.unknown()),
  default_sources: z.array(z.unknown()),
  default_units: z.record(z.string(), z.string()),
  reports: z.array(z.unknown()),
  is_premium: z.boolean(),
  communication: z.object({ can_from_server: z.boolean() }),
  machine_id: z.string(),
  is_locked: z.boolean(),
});
export interface LoginPayload extends Omit<z.infer<typeof loginPayloadSchema>, 'permissions'> {
  permissions: PermissionMap;
}

/**
 * What a renewal (auto_login) answers: the login payload, or, when the client named the locations
 * it holds (`locations_stamp`) and they are still the visible ones, the payload without them.
 */
export const renewedPayloadSchema = z.union([
  loginPayloadSchema,
  loginPayloadSchema.omit({ locations: true, locations_flattened: true }).extend({ locations_unchanged: z.literal(true) }),
]);
export type RenewedPayload = LoginPayload | (Omit<LoginPayload, 'locations' | 'locations_flattened'> & { locations_unchanged: true });

export const customizationsSchema = z.object({ logo: z.string().nullable(), background_image: z.string().nullable() });

export interface Customizations {
  logo: string | null;
  background_image: string | null;
}
