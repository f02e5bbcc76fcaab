import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Export } from '@shared/schemas/export';
import { requireSetting } from '../config';
import { dynamo } from '../clients/dynamodb';
import { s3 } from '../clients/s3';
import { keys, stripKeys } from './keys';
import { entitiesTable, queryPrefix, updateAttributes } from './table';

const fromItem = (item: Record<string, unknown>): Export => stripKeys(item) as unknown as Export;

export const listExportsOfCustomer = async (customerId: string): Promise<Export[]> => {
  const { PK, prefix } = keys.ownedOfCustomer(customerId, 'export');
  return (await queryPrefix<Record<string, unknown>>(PK, prefix)).map(fromItem).sort((a, b) => a.name.localeCompare(b.name) || a.created_at.localeCompare(b.created_at));
};

export const getExport = async (customerId: string, exportId: string): Promise<Export | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.owned(customerId, 'export', exportId), ConsistentRead: true }));
  return answer.Item ? fromItem(answer.Item) : null;
};

export const putNewExport = async (item: Export): Promise<void> => {
  await dynamo.send(
    new PutCommand({
      TableName: entitiesTable(),
      Item: { ...keys.owned(item.customer, 'export', item._id), kind: 'export', ...item },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
};

/** Saves what a user edits; a deleted export stays deleted (the update is conditional on the item). */
export const saveExport = (item: Export): Promise<void> => {
  const { _id, customer, created_at: _created, ...fields } = item;
  return updateAttributes(keys.owned(customer, 'export', _id), fields);
};

export const deleteExport = async (customerId: string, exportId: string): Promise<void> => {
  await dynamo.send(new DeleteCommand({ TableName: entitiesTable(), Key: keys.owned(customerId, 'export', exportId) }));
};

/** How long a link to an export's file works. */
const LINK_SECONDS = 300;

/** Keeps an export's file and answers a short-lived link that downloads it under its name. */
export const storeExportFile = async (
  customerId: string,
  exportId: string,
  file: { fileName: string; contentType: string; body: Buffer },
): Promise<string> => {
  const Bucket = requireSetting('DOCUMENTS_BUCKET');
  const Key = keys.exportFileObject(customerId, exportId, file.fileName);
  await s3.send(new PutObjectCommand({ Bucket, Key, Body: file.body, ContentType: file.contentType }));
  return getSignedUrl(
    s3,
    new GetObjectCommand({ Bucket, Key, ResponseContentDisposition: `attachment; filename="${file.fileName}"`, ResponseContentType: file.contentType }),
    { expiresIn: LINK_SECONDS },
  );
};
