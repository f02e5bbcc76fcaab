import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Export } from '@shared/schemas/export';
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
export const deleteExport = exportItems.remove;

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
