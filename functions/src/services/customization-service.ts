import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { CUSTOMIZATION_MAX_BYTES, type CustomizationKind, type CustomizationName, type CustomizationUpload } from '@shared/schemas/customization';
import type { Customizations } from '@shared/schemas/session';
import { s3 } from '../clients/s3';
import { requireSetting } from '../config';
import { keys } from '../data/keys';
import { getCustomizations as readCustomizations, setCustomizationImage, type StoredCustomizationImage } from '../data/system-repository';
import { AppError } from '../errors';
import { logger, describeError } from '../logger';
import { hasImageSignature } from './image-service';
import { newId } from './new-id';

const bucket = (): string => requireSetting('DOCUMENTS_BUCKET');

/** How long an image address handed to a browser works; the web reads the customizations again well before. */
const URL_SECONDS = 6 * 3600;

const urlOf = (image: StoredCustomizationImage | null): Promise<string | null> =>
  image ? getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket(), Key: image.object_key }), { expiresIn: URL_SECONDS }) : Promise.resolve(null);

/** The product's logo and background image, shown before sign-in: short-lived addresses, or null for the product's own. */
export const getCustomizations = async (): Promise<Customizations> => {
  const stored = await readCustomizations();
  const [logo, background_image] = await Promise.all([urlOf(stored.logo), urlOf(stored.background_image)]);
  return { logo, background_image };
};

/** A replaced or removed image's bytes go; a failure there leaves an unreferenced object, never a broken image. */
const dropObject = async (image: StoredCustomizationImage | null): Promise<void> => {
  if (!image) return;
  try {
    await s3.send(new DeleteObjectCommand({ Bucket: bucket(), Key: image.object_key }));
  } catch (error) {
    logger.warn('A replaced customization image could not be removed', { key: image.object_key, ...describeError(error) });
  }
};

/** Replaces the logo or the background: PNG, JPEG or WebP by its own bytes (no SVG), within the kind's size. */
export const uploadCustomization = async (kind: CustomizationKind, upload: CustomizationUpload): Promise<Customizations> => {
  const bytes = Buffer.from(upload.data, 'base64');
  if (bytes.length === 0) throw new AppError('validation_failed', { details: 'empty image' });
  if (bytes.length > CUSTOMIZATION_MAX_BYTES[kind]) throw new AppError('image_too_large', { data: { max_bytes: CUSTOMIZATION_MAX_BYTES[kind] } });
  if (!hasImageSignature(upload.content_type, bytes)) throw new AppError('image_type_invalid');
  const image: StoredCustomizationImage = { object_key: keys.customizationObject(kind, newId('image')), content_type: upload.content_type };
  // The bytes first, then the reference: the record never points at missing bytes.
  await s3.send(new PutObjectCommand({ Bucket: bucket(), Key: image.object_key, Body: bytes, ContentType: upload.content_type, CacheControl: 'public, max-age=31536000, immutable' }));
  await dropObject(await setCustomizationImage(kind, image));
  return getCustomizations();
};

/** `custom_logo`, `custom_background_image`: back to the product's own. Removing what is not there is not an error. */
export const removeCustomization = async (name: CustomizationName): Promise<Customizations> => {
  const kind: CustomizationKind = name === 'custom_logo' ? 'logo' : 'background_image';
  await dropObject(await setCustomizationImage(kind, null));
  return getCustomizations();
};
