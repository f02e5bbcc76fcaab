import * as z from 'zod';
import { roleSchema } from '../permissions/roles';
import { PASSWORD_LENGTH } from '../users/user-rules';
import { idSchema } from './common';
import { allowedLocationsSchema } from './user';

const name = z.string().trim().min(1).max(80);
const email = z.email().max(254);

/** A password someone chooses: 6 to 20 characters (spec 1 §5). */
export const passwordSchema = z.string().min(PASSWORD_LENGTH.min).max(PASSWORD_LENGTH.max);

/** A customer user as an administrator writes it; the server makes the id and sends the password link. */
export const userInputSchema = z.object({
  first_name: name,
  last_name: name,
  email,
  type: roleSchema,
  /** Members only: `view` (every location) or the chosen ids; ignored for other roles. */
  allowed_locations: allowedLocationsSchema.optional(),
});
export type UserInput = z.infer<typeof userInputSchema>;

export const userUpdateSchema = userInputSchema.extend({ _id: idSchema });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const superUserInputSchema = z.object({
  first_name: name,
  last_name: name,
  email,
  type: z.enum(['super_administrator', 'root_administrator']),
});
export type SuperUserInput = z.infer<typeof superUserInputSchema>;

export const superUserUpdateSchema = superUserInputSchema.extend({ _id: idSchema });
export type SuperUserUpdate = z.infer<typeof superUserUpdateSchema>;

/** The token of an e-mailed link: 43 base64url characters. */
export const passwordLinkTokenSchema = z.string().regex(/^[\w-]{32,128}$/);

const passwordPair = { password: passwordSchema, password_confirm: z.string() };
const confirmed = (value: { password: string; password_confirm: string }) => value.password === value.password_confirm;
const MISMATCH = { path: ['password_confirm'], message: 'password_mismatch' };

export const setPasswordRequestSchema = z.object({ token: passwordLinkTokenSchema, ...passwordPair }).refine(confirmed, MISMATCH);
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** The registration form (spec 1 §5): valid e-mail, password and confirmation, names, terms accepted. */
export const registrationRequestSchema = z
  .object({ email, first_name: name, last_name: name, terms: z.literal(true), ...passwordPair })
  .refine(confirmed, MISMATCH);
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;

/** A pending registration as root and super users see it (its password hash stays on the server). */
export const registrationSchema = z.object({
  _id: idSchema,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  created_at: z.string().datetime(),
});
export type Registration = z.infer<typeof registrationSchema>;

/** Accepting a registration makes a customer user of it. */
export const registrationAcceptSchema = z.object({
  customer: idSchema,
  type: z.enum(['member', 'administrator']),
  allowed_locations: allowedLocationsSchema.optional(),
});
export type RegistrationAccept = z.infer<typeof registrationAcceptSchema>;

/** Public answers say the same thing whatever happened behind them. */
export const acknowledgedSchema = z.object({ acknowledged: z.literal(true) });
