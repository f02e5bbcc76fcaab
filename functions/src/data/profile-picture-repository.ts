import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { requireSetting } from '../config';
import { s3 } from '../clients/s3';

const bucket = (): string => requireSetting('DOCUMENTS_BUCKET');

/** How long a picture address handed to a browser works: as long as an image's. */
const URL_SECONDS = 3600;

export const putProfilePicture = async (key: string, bytes: Uint8Array, contentType: string): Promise<void> => {
  await s3.send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: bytes, ContentType: contentType }));
};

export const profilePictureUrl = (key: string): Promise<string> =>
  getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket(), Key: key }), { expiresIn: URL_SECONDS });

export const deleteProfilePicture = async (key: string): Promise<void> => {
  await s3.send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
};
