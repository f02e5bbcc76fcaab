import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Image } from '@shared/schemas/image';
import { requireSetting } from '../config';
import { dynamo } from '../clients/dynamodb';
import { s3 } from '../clients/s3';
import { keys, stripKeys } from './keys';
import { entitiesTable, queryPrefix, updateAttributes } from './table';

export type StoredImage = Omit<Image, 'url'> & { customer: string };

const bucket = (): string => requireSetting('DOCUMENTS_BUCKET');

/** How long an image address handed to a browser works. */
const URL_SECONDS = 3600;

export const imageUrl = (image: StoredImage): Promise<string> =>
  getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket(), Key: keys.imageObject(image.customer, image._id) }), { expiresIn: URL_SECONDS });

export const listImagesOfCustomer = async (customerId: string): Promise<StoredImage[]> => {
  const { PK, prefix } = keys.imagesOfCustomer(customerId);
  return (await queryPrefix<Record<string, unknown>>(PK, prefix)).map((item) => stripKeys(item) as unknown as StoredImage).sort((a, b) => b.created_at.localeCompare(a.created_at));
};

export const getImage = async (customerId: string, imageId: string): Promise<StoredImage | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.image(customerId, imageId) }));
  return answer.Item ? (stripKeys(answer.Item) as unknown as StoredImage) : null;
};

/** Stores the bytes first, then the record: an image is listed only once its bytes are there. */
export const putImage = async (image: StoredImage, bytes: Uint8Array): Promise<void> => {
  await s3.send(new PutObjectCommand({ Bucket: bucket(), Key: keys.imageObject(image.customer, image._id), Body: bytes, ContentType: image.content_type }));
  await dynamo.send(new PutCommand({ TableName: entitiesTable(), Item: { ...keys.image(image.customer, image._id), kind: 'image', ...image }, ConditionExpression: 'attribute_not_exists(PK)' }));
};

export const renameImage = (customerId: string, imageId: string, name: string): Promise<void> => updateAttributes(keys.image(customerId, imageId), { name });

/** Removes the record first, then the bytes: a failure half-way leaves unlisted bytes, never a listed image without them. */
export const deleteImage = async (image: StoredImage): Promise<void> => {
  await dynamo.send(new DeleteCommand({ TableName: entitiesTable(), Key: keys.image(image.customer, image._id) }));
  await s3.send(new DeleteObjectCommand({ Bucket: bucket(), Key: keys.imageObject(image.customer, image._id) }));
};
