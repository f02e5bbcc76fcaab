import { randomUUID } from 'node:crypto';
import { PICTURE_MAX_BYTES, passwordChangeProblems, type PICTURE_TYPES, type ProfileUpdate } from '@shared/schemas/profile';
import { DEFAULT_PREFERENCES } from '@shared/schemas/preferences';
import { DEFAULT_AVATAR, type User } from '@shared/schemas/user';
import type { LoginPayload } from '@shared/schemas/session';
import { keys } from '../data/keys';
import { deleteProfilePicture, profilePictureUrl, putProfilePicture } from '../data/profile-picture-repository';
import { getUser, updateUserProfile, type ProfileAttributes, type StoredUser } from '../data/user-repository';
import { describeError, logger } from '../logger';
import { AppError } from '../errors';
import { assertLoginAllowed, noteLoginFailure, noteLoginSuccess } from './login-throttle';
import { hashPassword, verifyPassword } from './password-hasher';
import { IMAGE_SIGNATURES } from './image-service';
import { type Caller } from './caller';
import { publicUser } from './user-admin-service';

/** A user as the browser sees it: no password hash, the uploaded picture as a short-lived address. */
export const presentUser = async (user: StoredUser): Promise<User> => {
  const pictureKey = user.picture_key;
  return { ...publicUser(user), picture: pictureKey ? await profilePictureUrl(pictureKey) : DEFAULT_AVATAR };
};

const requireSelf = async (caller: Caller): Promise<StoredUser> => {
  const user = await getUser(caller.homeCustomerId, caller.userId);
  if (!user) throw new AppError('unauthorized');
  return user;
};

/**
 * Saves the caller's own profile (spec 3 §5): names, language, preferences and, when asked, the
 * password — only with the right current password. Role, customer and e-mail are not part of it.
 */
export const updateProfile = async (caller: Caller, update: ProfileUpdate): Promise<User> => {
  const user = await requireSelf(caller);
  const [problem] = passwordChangeProblems(update);
  if (problem) throw new AppError(problem);
  const changes: ProfileAttributes = {};
  if (update.first_name !== undefined) changes.first_name = update.first_name;
  if (update.last_name !== undefined) changes.last_name = update.last_name;
  if (update.language !== undefined) changes.language = update.language;
  if (update.preferences) changes.preferences = { ...DEFAULT_PREFERENCES, ...user.preferences, ...update.preferences };
  if (update.change_password) {
    if (!(await verifyPassword(update.current_password ?? '', user.password_hash))) throw new AppError('current_password_wrong');
    changes.password_hash = await hashPassword(update.new_password ?? '');
  }
  if (Object.keys(changes).length > 0) await updateUserProfile(caller.homeCustomerId, caller.userId, changes);
  return presentUser({ ...user, ...changes });
};

/** A new picture: PNG, JPEG, GIF or WebP by its own bytes, at most 1 MB; the previous one is removed. */
export const uploadProfilePicture = async (caller: Caller, upload: { content_type: (typeof PICTURE_TYPES)[number]; data: string }): Promise<User> => {
  const user = await requireSelf(caller);
  const bytes = Buffer.from(upload.data, 'base64');
  if (bytes.length === 0) throw new AppError('validation_failed', { details: 'empty picture' });
  if (bytes.length > PICTURE_MAX_BYTES) throw new AppError('image_too_large');
  if (!IMAGE_SIGNATURES[upload.content_type](bytes)) throw new AppError('image_type_invalid');
  const key = keys.profilePictureObject(caller.homeCustomerId, caller.userId, randomUUID());
  await putProfilePicture(key, bytes, upload.content_type);
  await updateUserProfile(caller.homeCustomerId, caller.userId, { picture_key: key, picture: DEFAULT_AVATAR });
  await removeOldPicture(user);
  return presentUser({ ...user, picture_key: key });
};

/** Back to the default avatar. */
export const removeProfilePicture = async (caller: Caller): Promise<User> => {
  const user = await requireSelf(caller);
  await updateUserProfile(caller.homeCustomerId, caller.userId, { picture_key: null, picture: DEFAULT_AVATAR });
  await removeOldPicture(user);
  return presentUser({ ...user, picture_key: null });
};

// The record no longer names the old bytes: failing to delete them leaves an unlisted object, never a broken picture.
const removeOldPicture = async (user: StoredUser): Promise<void> => {
  if (!user.picture_key) return;
  await deleteProfilePicture(user.picture_key).catch((error: unknown) =>
    logger.warn('old profile picture not deleted', { userId: user._id, ...describeError(error) }),
  );
};

/**
 * The lock screen (spec 1 §2.1): the session's own user proves it is them with the password, and
 * gets a renewed login payload. Failures count against sign-in throttling like the login form's.
 */
export const unlock = async (
  caller: Caller,
  password: string,
  renew: (user: StoredUser) => Promise<LoginPayload>,
  now: Date = new Date(),
): Promise<LoginPayload> => {
  const user = await requireSelf(caller);
  await assertLoginAllowed(user.email, now);
  if (!(await verifyPassword(password, user.password_hash))) {
    await noteLoginFailure(user.email, now);
    throw new AppError('bad_credentials');
  }
  await noteLoginSuccess(user.email);
  return renew(user);
};
