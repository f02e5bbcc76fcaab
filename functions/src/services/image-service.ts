import { IMAGE_MAX_BYTES, type Image, type IMAGE_TYPES } from '@shared/schemas/image';
import { deleteImage, getImage, imageUrl, listImagesOfCustomer, putImage, renameImage, type StoredImage } from '../data/image-repository';
import { AppError } from '../errors';
import { customerOf, type Caller } from './caller';
import { newId } from './new-id';

/** The first bytes each accepted type starts with: a file is what it claims to be, or refused. */
export const IMAGE_SIGNATURES: Record<(typeof IMAGE_TYPES)[number], (bytes: Uint8Array) => boolean> = {
  'image/png': (bytes) => [0x89, 0x50, 0x4e, 0x47].every((byte, index) => bytes[index] === byte),
  'image/jpeg': (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  'image/gif': (bytes) => String.fromCharCode(...bytes.subarray(0, 4)) === 'GIF8',
  'image/webp': (bytes) => String.fromCharCode(...bytes.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP',
};

/** Whether bytes start as their claimed image type does (also used for the customization images). */
export const hasImageSignature = (contentType: (typeof IMAGE_TYPES)[number], bytes: Uint8Array): boolean => IMAGE_SIGNATURES[contentType](bytes);

const withUrl = async (image: StoredImage): Promise<Image> => {
  const { customer: _customer, ...shown } = image;
  return { ...shown, url: await imageUrl(image) };
};

const requireImage = async (caller: Caller, imageId: string): Promise<StoredImage> => {
  const image = await getImage(customerOf(caller), imageId);
  if (!image) throw new AppError('not_found');
  return image;
};

/** The customer's gallery, newest first, each with a short-lived address. */
export const listImages = async (caller: Caller): Promise<Image[]> => Promise.all((await listImagesOfCustomer(customerOf(caller))).map(withUrl));

/** The images of the customer's gallery among these ids, each with a short-lived address; ids of no image are left out. */
export const imagesAmong = async (customerId: string, imageIds: string[]): Promise<Image[]> => {
  const found = await Promise.all([...new Set(imageIds)].map((imageId) => getImage(customerId, imageId)));
  return Promise.all(found.filter((image): image is StoredImage => image !== null).map(withUrl));
};

export const getImageOf = async (caller: Caller, imageId: string): Promise<Image> => withUrl(await requireImage(caller, imageId));

/** Adds an image: at most 3 MB, PNG, JPEG, GIF or WebP by its own bytes, not only by its name. */
export const uploadImage = async (caller: Caller, upload: { name: string; content_type: (typeof IMAGE_TYPES)[number]; data: string }): Promise<Image> => {
  const bytes = Buffer.from(upload.data, 'base64');
  if (bytes.length === 0) throw new AppError('validation_failed', { details: 'empty image' });
  if (bytes.length > IMAGE_MAX_BYTES) throw new AppError('image_too_large');
  if (!IMAGE_SIGNATURES[upload.content_type](bytes)) throw new AppError('image_type_invalid');
  const image: StoredImage = {
    _id: newId('image'),
    name: upload.name,
    content_type: upload.content_type,
    size: bytes.length,
    user: caller.userId,
    customer: customerOf(caller),
    created_at: new Date().toISOString(),
  };
  await putImage(image, bytes);
  return withUrl(image);
};

export const renameImageOf = async (caller: Caller, imageId: string, name: string): Promise<Image> => {
  const image = await requireImage(caller, imageId);
  await renameImage(image.customer, image._id, name);
  return withUrl({ ...image, name });
};

export const deleteImageOf = async (caller: Caller, imageId: string) => {
  await deleteImage(await requireImage(caller, imageId));
  return { deleted: imageId };
};
