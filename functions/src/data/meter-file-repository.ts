import type { Readable } from 'node:stream';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Upload } from '@aws-sdk/lib-storage';
import type { FileState, ImportOutcome, MeterFile } from '@shared/schemas/meter-file';
import { requireSetting } from '../config';
import { dynamo } from '../clients/dynamodb';
import { s3 } from '../clients/s3';
import { keys, stripKeys } from './keys';
import { entitiesTable, queryPrefix } from './table';

/** Where a long import stopped and what it counted, for the invocation that continues it. */
export interface ImportCheckpoint {
  attempt: string;
  tally: ImportOutcome & { touched: Record<string, { from: number; to: number }> };
}

export type StoredMeterFile = MeterFile & { customer: string; attempt: string | null; heartbeat_at: string | null; checkpoint?: ImportCheckpoint | null };

const bucket = (): string => requireSetting('UPLOADS_BUCKET');

const fromItem = (item: Record<string, unknown>): StoredMeterFile => stripKeys(item) as unknown as StoredMeterFile;

export const listMeterFiles = async (customerId: string): Promise<StoredMeterFile[]> => {
  const { PK, prefix } = keys.meterFilesOfCustomer(customerId);
  return (await queryPrefix<Record<string, unknown>>(PK, prefix)).map(fromItem);
};

export const getMeterFile = async (customerId: string, fileId: string): Promise<StoredMeterFile | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.meterFile(customerId, fileId), ConsistentRead: true }));
  return answer.Item ? fromItem(answer.Item) : null;
};

/** Streams bytes into the file's object (multipart for large files: memory stays bounded). */
export const putMeterFileBytes = async (customerId: string, fileId: string, body: Readable | Uint8Array): Promise<void> => {
  await new Upload({ client: s3, params: { Bucket: bucket(), Key: keys.meterFileObject(customerId, fileId), Body: body }, queueSize: 2, partSize: 8 * 1024 * 1024 }).done();
};

export const readMeterFileBytes = async (customerId: string, fileId: string): Promise<Readable> => {
  const answer = await s3.send(new GetObjectCommand({ Bucket: bucket(), Key: keys.meterFileObject(customerId, fileId) }));
  return answer.Body as Readable;
};

export const putRejects = async (customerId: string, fileId: string, body: Readable | string): Promise<void> => {
  await new Upload({ client: s3, params: { Bucket: bucket(), Key: keys.meterFileRejectsObject(customerId, fileId), Body: body, ContentType: 'text/csv; charset=utf-8' } }).done();
};

export const readRejects = async (customerId: string, fileId: string): Promise<Readable> => {
  const answer = await s3.send(new GetObjectCommand({ Bucket: bucket(), Key: keys.meterFileRejectsObject(customerId, fileId) }));
  return answer.Body as Readable;
};

/** Records a file whose bytes are stored: it is listed only once they are there. */
export const recordMeterFile = async (file: StoredMeterFile): Promise<void> => {
  await dynamo.send(
    new PutCommand({ TableName: entitiesTable(), Item: { ...keys.meterFile(file.customer, file._id), kind: 'meter-file', ...file }, ConditionExpression: 'attribute_not_exists(PK)' }),
  );
};

/** How long an import may stay silent before its file counts as abandoned (the job writes a heartbeat every few seconds). */
export const STALE_AFTER_MS = 2 * 60 * 1000;

/**
 * Claims a file for a new import attempt: from not treated or treatment error (or an abandoned
 * treatment), atomically, so two requests never start two imports of one file. False when the
 * file is being imported already (or treated, unless `evenTreated`).
 */
export const claimForImport = async (customerId: string, fileId: string, attempt: string, now: Date, evenTreated: boolean): Promise<boolean> => {
  const states: FileState[] = evenTreated ? ['not_treated', 'treatment_error', 'treated'] : ['not_treated', 'treatment_error'];
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.meterFile(customerId, fileId),
        UpdateExpression: 'SET #state = :treating, attempt = :attempt, heartbeat_at = :now, started_at = :now, finished_at = :null, progress = :progress, #error = :null, checkpoint = :null',
        ConditionExpression: `attribute_exists(PK) AND (#state IN (${states.map((_, index) => `:s${index}`).join(', ')}) OR (#state = :treating AND heartbeat_at < :stale))`,
        ExpressionAttributeNames: { '#state': 'state', '#error': 'error' },
        ExpressionAttributeValues: {
          ':treating': 'in_treatment',
          ':attempt': attempt,
          ':now': now.toISOString(),
          ':stale': new Date(now.getTime() - STALE_AFTER_MS).toISOString(),
          ':null': null,
          ':progress': { bytes: 0, rows: 0 },
          ...Object.fromEntries(states.map((state, index) => [`:s${index}`, state])),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

/** Attributes written by the attempt that holds the file only: a superseded attempt changes nothing. */
export const updateOfAttempt = async (customerId: string, fileId: string, attempt: string, values: Record<string, unknown>): Promise<boolean> => {
  const names = Object.keys(values);
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.meterFile(customerId, fileId),
        UpdateExpression: `SET ${names.map((_, index) => `#n${index} = :v${index}`).join(', ')}`,
        ConditionExpression: 'attempt = :attempt AND #state = :treating',
        ExpressionAttributeNames: { ...Object.fromEntries(names.map((name, index) => [`#n${index}`, name])), '#state': 'state' },
        ExpressionAttributeValues: { ...Object.fromEntries(names.map((name, index) => [`:v${index}`, values[name]])), ':attempt': attempt, ':treating': 'in_treatment' },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

/** Deletes a file that is not being imported: the record first, then its bytes. False when it is in treatment. */
export const deleteMeterFile = async (file: StoredMeterFile): Promise<boolean> => {
  try {
    await dynamo.send(
      new DeleteCommand({
        TableName: entitiesTable(),
        Key: keys.meterFile(file.customer, file._id),
        ConditionExpression: '#state <> :treating OR heartbeat_at < :stale',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':treating': 'in_treatment', ':stale': new Date(Date.now() - STALE_AFTER_MS).toISOString() },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
  await s3.send(new DeleteObjectCommand({ Bucket: bucket(), Key: keys.meterFileObject(file.customer, file._id) }));
  await s3.send(new DeleteObjectCommand({ Bucket: bucket(), Key: keys.meterFileRejectsObject(file.customer, file._id) }));
  return true;
};
