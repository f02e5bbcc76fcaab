import * as z from 'zod';
import { roleSchema } from '../permissions/roles';
import { idSchema } from './common';
import { DEFAULT_PREFERENCES, languageKeySchema, userPreferencesSchema } from './preferences';
import { DEFAULT_LANGUAGE } from '../constants';

export const allowedLocationsSchema = z.union([z.literal('view'), z.array(idSchema)]);

export const DEFAULT_AVATAR = '/img/avatars/male.svg';

/** A user as the API shows it; the password hash never leaves the repository. */
export const userSchema = z.object({
  _id: idSchema,
  first_name: z.string().max(80),
  last_name: z.string().max(80),
  email: z.string().email(),
  type: roleSchema,
  internal_role: roleSchema,
  is_root: z.boolean(),
  customer: idSchema.nullable(),
  picture: z.string().default(DEFAULT_AVATAR),
  allowed_locations: allowedLocationsSchema,
  last_notification_read: z.string().datetime().nullable(),
  // Users stored before these fields existed read as the defaults (spec 1 §9).
  language: languageKeySchema.default(DEFAULT_LANGUAGE),
  preferences: userPreferencesSchema.default(DEFAULT_PREFERENCES),
});
export type User = z.infer<typeof userSchema>;

export const userSummarySchema = userSchema.pick({
  _id: true,
  first_name: true,
  last_name: true,
  email: true,
  type: true,
});
export type UserSummary = z.infer<typeof userSummarySchema>;
