import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import type { Image } from '@shared/schemas/image';
import { IMAGE_TYPES } from '@shared/schemas/image-types';
import { callApi } from '../../../lib/http';

export const IMAGE_KEYS = { all: ['images'] as const };

/** The customer's gallery; addresses last an hour, so the list is read again well before. */
export const imagesQueryOptions = () => queryOptions({ queryKey: IMAGE_KEYS.all, queryFn: () => callApi(API.listImages, {}), staleTime: 10 * 60_000 });

const base64Of = async (file: File): Promise<string> => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
};

export const isImageType = (type: string): type is (typeof IMAGE_TYPES)[number] => (IMAGE_TYPES as readonly string[]).includes(type);

export const uploadImage = async (file: File): Promise<Image> => {
  if (!isImageType(file.type)) throw new Error('image_type_invalid');
  return callApi(API.uploadImage, { body: { name: file.name, content_type: file.type, data: await base64Of(file) } });
};

export const deleteImage = (id: string) => callApi(API.deleteImage, { params: { id } });
