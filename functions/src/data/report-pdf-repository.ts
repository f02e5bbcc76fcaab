import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { requireSetting } from '../config';
import { s3 } from '../clients/s3';
import { keys } from './keys';

/** Where the Chromium function leaves a printed report for the function that asked for it. */
export const storeReportPdf = async (customerId: string, reportId: string, printId: string, content: Uint8Array): Promise<string> => {
  const Key = keys.reportPdfObject(customerId, reportId, printId);
  await s3.send(new PutObjectCommand({ Bucket: requireSetting('DOCUMENTS_BUCKET'), Key, Body: content, ContentType: 'application/pdf' }));
  return Key;
};

/**
 * Takes a printed report: reads it and deletes it (a PDF is made for one answer or one e-mail).
 * The key must be one of this customer's reports, so a forged answer cannot read another's.
 */
export const takeReportPdf = async (customerId: string, reportId: string, key: string): Promise<Buffer> => {
  if (!key.startsWith(keys.reportPdfPrefix(customerId, reportId))) throw new Error(`Foreign report PDF key ${key}`);
  const Bucket = requireSetting('DOCUMENTS_BUCKET');
  const answer = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
  const content = Buffer.from(await answer.Body!.transformToByteArray());
  await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
  return content;
};
