import { z } from 'zod';
import type { PermissionMap } from '../permissions/default-permissions';
import type { CustomerSummary } from './customer';
import type { Location } from './location';
import type { User, UserSummary } from './user';
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
});
export type AutoLoginRequest = z.infer<typeof autoLoginRequestSchema>;

export const changeCustomerRequestSchema = z.object({ customer: idSchema });
export type ChangeCustomerRequest = z.infer<typeof changeCustomerRequestSchema>;

export interface SessionUser extends User {
  /** The bearer token for every further call. */
  jwt: string;
  /** When the token stops being accepted (ISO date-time). */
  expires_at: string;
  /** When the token was issued (ISO date-time), for renewal on activity. */
  issued_at: string;
  remember: boolean;
}

/** A location of the visible tree: whether it may be opened, and its visible children. */
export interface VisibleLocation extends Location {
  clickable: boolean;
  children: VisibleLocation[];
}

export interface FlatLocation {
  _id: string;
  name: string;
  denomination: string | null;
  parent: string | null;
  clickable: boolean;
}

/** The login payload (spec 1 §3.1), answered by authenticate, auto_login and change-customer. */
export interface LoginPayload {
  user: SessionUser;
  customers: CustomerSummary[];
  customer_users: UserSummary[];
  super_users: UserSummary[];
  customer: CustomerSummary & { is_premium: boolean };
  permissions: PermissionMap;
  locations: VisibleLocation[];
  locations_flattened: FlatLocation[];
  sources: unknown[];
  default_sources: unknown[];
  default_units: Record<string, string>;
  reports: unknown[];
  is_premium: boolean;
  communication: { can_from_server: boolean };
  machine_id: string;
  is_locked: boolean;
}

export interface Customizations {
  logo: string | null;
  background_image: string | null;
}
