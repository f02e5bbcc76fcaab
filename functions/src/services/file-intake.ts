import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { InvokeCommand } from '@aws-sdk/client-lambda';
import type { FileOrigin } from '@shared/schemas/meter-file';
import { requireSetting } from '../config';
import { lambda } from '../clients/lambda';
import { claimForImport, putMeterFileBytes, recordMeterFile, type StoredMeterFile } from '../data/meter-file-repository';
import { enqueueFairly, fairWorkOn, startWorker } from './fair-work-service';
import { newId } from './new-id';
import { correlationFields } from '../logger';

export interface IncomingFile {
  customerId: string;
  name: string;
  origin: FileOrigin;
  body: Readable | Uint8Array;
  /** Import it as soon as it is stored (retrievers and mailboxes); an upload waits for the user. */
  importNow: boolean;
}

/** What the import function is invoked with. */
export interface FileImportJob {
  customerId: string;
  fileId: string;
  attempt: string;
  /** The request or job that started the import: the import logs under its id. */
  correlationId?: string;
}

/**
 * Every file that comes in (FTP/SFTP retriever, e-mail source, upload) enters here: its bytes are
 * streamed into S3 while hashed and counted (memory does not grow with the file), then it is
 * listed as not treated, and imported at once when asked.
 */
export const receiveFile = async (incoming: IncomingFile): Promise<StoredMeterFile> => {
  const fileId = newId('file');
  const hash = createHash('sha256');
  let size = 0;
  const counted = new PassThrough();
  counted.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    size += chunk.length;
  });
  const source = incoming.body instanceof Readable ? incoming.body : Readable.from([Buffer.from(incoming.body)]);
  source.on('error', (error) => counted.destroy(error));
  source.pipe(counted);
  await putMeterFileBytes(incoming.customerId, fileId, counted);
  const file: StoredMeterFile = {
    _id: fileId,
    customer: incoming.customerId,
    name: incoming.name,
    size,
    received_at: new Date().toISOString(),
    origin: incoming.origin,
    state: 'not_treated',
    hash: hash.digest('hex'),
    progress: null,
    outcome: null,
    error: null,
    started_at: null,
    finished_at: null,
    attempt: null,
    heartbeat_at: null,
  };
  await recordMeterFile(file);
  if (incoming.importNow) await startImport(incoming.customerId, fileId, { evenTreated: false });
  return file;
};

/** Starts the import function again for the same attempt: it goes on from the file's checkpoint. */
export const continueImport = async (job: FileImportJob): Promise<void> => {
  await lambda.send(
    new InvokeCommand({
      // The import function continues itself: its own name, as Lambda gives it.
      FunctionName: process.env.AWS_LAMBDA_FUNCTION_NAME || requireSetting('FILE_IMPORTS_FUNCTION'),
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify({ ...job, ...correlationFields() })),
    }),
  );
};

/**
 * Claims the file for a new attempt and has it imported without waiting: put in its customer's
 * import lane, taken in turn by a worker of the import function (with `FAIR_WORK=off`, the bench's
 * "before", the import function is started for it at once). False when
 * the file is already being imported (or treated and `evenTreated` is not set).
 */
export const startImport = async (customerId: string, fileId: string, options: { evenTreated: boolean }): Promise<boolean> => {
  const attempt = newId('job');
  const now = new Date();
  if (!(await claimForImport(customerId, fileId, attempt, now, options.evenTreated))) return false;
  if (fairWorkOn()) {
    // In turn per customer (docs/architecture/fair-work.md): the file waits in its customer's import lane, and a worker of the import function takes it.
    const job: FileImportJob = { customerId, fileId, attempt, ...correlationFields() };
    await enqueueFairly([{ queue: 'import', customerId, order: `${String(now.getTime()).padStart(15, '0')}#${fileId}#${attempt}`, job }]);
    await startWorker('import', requireSetting('FILE_IMPORTS_FUNCTION'));
    return true;
  }
  await lambda.send(
    new InvokeCommand({
      FunctionName: requireSetting('FILE_IMPORTS_FUNCTION'),
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify({ customerId, fileId, attempt, ...correlationFields() } satisfies FileImportJob)),
    }),
  );
  return true;
};
