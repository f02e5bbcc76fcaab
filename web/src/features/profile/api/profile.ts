import { API } from '@shared/api/routes';
import { PICTURE_TYPES, type ProfileUpdate } from '@shared/schemas/profile';
import type { User } from '@shared/schemas/user';
import { ApiRequestError, callApi } from '../../../lib/http';
import { updateSessionUser } from '../../../lib/session';

/** What the session shows of the user follows what the server stored. */
const keep = (user: User): User => {
  updateSessionUser(user);
  return user;
};

export const updateProfile = async (update: ProfileUpdate): Promise<User> => keep(await callApi(API.updateProfile, { body: update }));

const base64Of = async (file: File): Promise<string> => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
};

const isPictureType = (type: string): type is (typeof PICTURE_TYPES)[number] => (PICTURE_TYPES as readonly string[]).includes(type);

export const uploadPicture = async (file: File): Promise<User> => {
  if (!isPictureType(file.type)) throw new ApiRequestError('image_type_invalid', 400);
  return keep(await callApi(API.uploadProfilePicture, { body: { content_type: file.type, data: await base64Of(file) } }));
};

export const removePicture = async (): Promise<User> => keep(await callApi(API.deleteProfilePicture, {}));
