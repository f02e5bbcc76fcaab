import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { EXPORT_FILE_TYPES, type Export, type ExportFileType } from '@shared/schemas/export';
import { requireSetting } from '../config';
import { s3 } from '../clients/s3';
import { keys } from './keys';
import { ownedItems } from './owned-repository';

const exportItems = ownedItems<Export>('export');

export const listExportsOfCustomer = async (customerId: string): Promise<Export[]> =>
  (await exportItems.list(customerId)).sort((a, b) => a.name.localeCompare(b.name) || a.created_at.localeCompare(b.created_at));
export const getExport = exportItems.get;
export const putNewExport = exportItems.putNew;
/** Saves what a user edits; a deleted export stays deleted (the update is conditional on the item). */
export const saveExport = exportItems.save;
/** Deletes an export and the files last made of it. */
export const deleteExport = async (customerId: string, exportId: string): Promise<void> => {
  await exportItems.remove(customerId, exportId);
  await s3.send(
    new DeleteObjectsCommand({
      Bucket: requireSetting('DOCUMENTS_BUCKET'),
      Delete: { Objects: EXPORT_FILE_TYPES.map((type) => ({ Key: keys.exportFileObject(customerId, exportId, type) })), Quiet: true },
    }),
  );
};

/** How long a link to an export's file works. */
const LINK_SECONDS = 300;

/** Keeps an export's file and answers a short-lived link that downloads it under its name. */
export const storeExportFile = async (
  customerId: string,
  exportId: string,
  file: { fileName: string; contentType: string; body: Buffer; type: ExportFileType },
): Promise<string> => {
  const Bucket = requireSetting('DOCUMENTS_BUCKET');
  const Key = keys.exportFileObject(customerId, exportId, file.type);
  await s3.send(new PutObjectCommand({ Bucket, Key, Body: file.body, ContentType: file.contentType }));
  return getSignedUrl(
    s3,
    new GetObjectCommand({ Bucket, Key, ResponseContentDisposition: `attachment; filename="${file.fileName}"`, ResponseContentType: file.contentType }),
    { expiresIn: LINK_SECONDS },
  );
};
