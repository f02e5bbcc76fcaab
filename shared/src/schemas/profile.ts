import * as z from 'zod';
import { languageKeySchema, SKINS } from './preferences';

/** Spec 3 §5 (registration): a password has 6 to 20 characters. */
export const PASSWORD_LENGTH = { min: 6, max: 20 } as const;

/** The password part of a profile save (spec 3 §3.1: change_password, new_password, new_password_confirm, current_password). */
export interface PasswordChange {
  change_password?: boolean;
  current_password?: string;
  new_password?: string;
  new_password_confirm?: string;
}

export type PasswordChangeProblem = 'current_password_required' | 'password_length' | 'password_confirmation_mismatch';

/**
 * What is wrong with a password change, checked the same way by the form and by the server (spec 3 §5:
 * "You must enter your current password", "New password doesn't match the confirmation").
 */
export const passwordChangeProblems = (change: PasswordChange): PasswordChangeProblem[] => {
  if (!change.change_password) return [];
  const problems: PasswordChangeProblem[] = [];
  if (!change.current_password) problems.push('current_password_required');
  const next = change.new_password ?? '';
  if (next.length < PASSWORD_LENGTH.min || next.length > PASSWORD_LENGTH.max) problems.push('password_length');
  if (next !== (change.new_password_confirm ?? '')) problems.push('password_confirmation_mismatch');
  return problems;
};

const nameSchema = z.string().trim().max(80);

/**
 * `PUT /api/v1/users/profile`: the caller's own name, language, preferences and password. Anything
 * else (role, customer, e-mail) is not part of it and is refused as an unknown field.
 */
export const profileUpdateSchema = z
  .object({
    first_name: nameSchema.optional(),
    last_name: nameSchema.optional(),
    language: languageKeySchema.optional(),
    preferences: z
      .object({ skin: z.enum(SKINS).optional(), sound: z.boolean().optional(), voice_commands: z.boolean().optional() })
      .strict()
      .optional(),
    change_password: z.boolean().optional(),
    current_password: z.string().max(200).optional(),
    new_password: z.string().max(200).optional(),
    new_password_confirm: z.string().max(200).optional(),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** The picture types a profile takes, like the gallery's (no SVG: it can carry scripts). */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** A profile picture stays small: it is shown at avatar size. */
export const PICTURE_MAX_BYTES = 1024 * 1024;

/** `POST /api/v1/users/profile/picture`: the new picture, its bytes in base64. */
export const profilePictureUploadSchema = z.object({
  content_type: z.enum(PICTURE_TYPES),
  data: z.string().min(1).max(Math.ceil((PICTURE_MAX_BYTES * 4) / 3) + 4),
});

/** `POST /api/v1/users/unlock`: the lock screen's password. */
export const unlockRequestSchema = z.object({ password: z.string().min(1).max(200) });
