import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FtpRetriever } from '@shared/schemas/ftp-retriever';
import { dynamo } from '../clients/dynamodb';
import { AppError } from '../errors';
import { keys, stripKeys } from './keys';
import { deleteItems, entitiesTable, queryPrefix, updateAttributes } from './table';

/** A retriever as stored: its password sealed for its customer (never answered), not `has_password`. */
export type StoredFtpRetriever = Omit<FtpRetriever, 'has_password'> & { customer: string; password_sealed: string };

const fromItem = (item: Record<string, unknown>): StoredFtpRetriever => stripKeys(item) as unknown as StoredFtpRetriever;

export const listFtpRetrieversOfCustomer = async (customerId: string): Promise<StoredFtpRetriever[]> => {
  const { PK, prefix } = keys.ftpRetrieversOfCustomer(customerId);
  return (await queryPrefix<Record<string, unknown>>(PK, prefix)).map(fromItem).sort((a, b) => a.created_at.localeCompare(b.created_at));
};

export const getFtpRetriever = async (customerId: string, ftpId: string): Promise<StoredFtpRetriever | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.ftpRetriever(customerId, ftpId), ConsistentRead: true }));
  return answer.Item ? fromItem(answer.Item) : null;
};

export const putNewFtpRetriever = async (retriever: StoredFtpRetriever): Promise<void> => {
  await dynamo.send(
    new PutCommand({
      TableName: entitiesTable(),
      Item: { ...keys.ftpRetriever(retriever.customer, retriever._id), kind: 'ftp-retriever', ...retriever },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
};

/** The settings a user edits; what retrievals record on the retriever is left as it is. */
export const updateFtpRetrieverSettings = (
  customerId: string,
  ftpId: string,
  settings: Pick<StoredFtpRetriever, 'host' | 'port' | 'user' | 'password_sealed' | 'path' | 'active' | 'timeInterval' | 'isSftp' | 'updated_at'>,
): Promise<void> => updateAttributes(keys.ftpRetriever(customerId, ftpId), settings);

/** What a retrieval records on its retriever (start, then outcome); a retriever deleted meanwhile stays deleted. */
export const recordFtpRun = async (
  customerId: string,
  ftpId: string,
  values: Partial<Pick<StoredFtpRetriever, 'running_since' | 'last_run_at' | 'last_status' | 'last_error_kind' | 'last_error' | 'files_retrieved_last_run' | 'files_waiting'>>,
): Promise<boolean> => {
  try {
    await updateAttributes(keys.ftpRetriever(customerId, ftpId), values);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return false;
    throw error;
  }
};

export const deleteFtpRetriever = async (customerId: string, ftpId: string): Promise<void> => {
  await dynamo.send(new DeleteCommand({ TableName: entitiesTable(), Key: keys.ftpRetriever(customerId, ftpId) }));
};

/** What a retriever remembers of a file name on its server (see remote-file-selection). */
export interface RemoteFileRecord {
  name: string;
  observed: string | null;
  observed_at: string | null;
  retrieved: string | null;
  retrieved_at?: string | null;
  /** sha256 of the version taken, and the meter file it became. */
  hash?: string | null;
  file_id?: string | null;
  claim_run?: string | null;
  claim_at?: string | null;
}

export const listRemoteFileRecords = async (customerId: string, ftpId: string): Promise<Map<string, RemoteFileRecord>> => {
  const { PK, prefix } = keys.ftpRemoteFilesOfRetriever(customerId, ftpId);
  const items = await queryPrefix<Record<string, unknown>>(PK, prefix);
  return new Map(items.map((item) => [item.name as string, stripKeys(item) as unknown as RemoteFileRecord]));
};

/** Remembers how a file looks at a listing (a file still being written changes between two). */
export const recordObservation = async (customerId: string, ftpId: string, name: string, version: string, at: string): Promise<void> => {
  await dynamo.send(
    new UpdateCommand({
      TableName: entitiesTable(),
      Key: keys.ftpRemoteFile(customerId, ftpId, name),
      UpdateExpression: 'SET #kind = :kind, #name = :name, observed = :version, observed_at = :at',
      ExpressionAttributeNames: { '#kind': 'kind', '#name': 'name' },
      ExpressionAttributeValues: { ':kind': 'ftp-remote-file', ':name': name, ':version': version, ':at': at },
    }),
  );
};

/**
 * Claims one version of a file for copying, atomically: false when that version was taken
 * already, or another run is copying the file (a claim older than `staleBefore` is abandoned).
 * Two runs, overlapping or repeated, never copy a file twice.
 */
export const claimRemoteFile = async (
  customerId: string,
  ftpId: string,
  name: string,
  version: string,
  run: string,
  now: string,
  staleBefore: string,
): Promise<boolean> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.ftpRemoteFile(customerId, ftpId, name),
        UpdateExpression: 'SET #kind = :kind, #name = :name, claim_run = :run, claim_at = :now',
        ConditionExpression: '(attribute_not_exists(retrieved) OR retrieved <> :version) AND (attribute_not_exists(claim_at) OR claim_at < :stale)',
        ExpressionAttributeNames: { '#kind': 'kind', '#name': 'name' },
        ExpressionAttributeValues: { ':kind': 'ftp-remote-file', ':name': name, ':run': run, ':now': now, ':version': version, ':stale': staleBefore },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

/** The version is taken (copied, or identical to the copy before): the claim ends. */
export const markRemoteFileRetrieved = async (
  customerId: string,
  ftpId: string,
  name: string,
  taken: { version: string; at: string; hash: string; fileId: string | null },
): Promise<void> => {
  await dynamo.send(
    new UpdateCommand({
      TableName: entitiesTable(),
      Key: keys.ftpRemoteFile(customerId, ftpId, name),
      UpdateExpression: 'SET retrieved = :version, retrieved_at = :at, #hash = :hash, file_id = :file REMOVE claim_run, claim_at',
      ExpressionAttributeNames: { '#hash': 'hash' },
      ExpressionAttributeValues: { ':version': taken.version, ':at': taken.at, ':hash': taken.hash, ':file': taken.fileId },
    }),
  );
};

/** A copy failed: the claim is given up so that the next run tries again. */
export const releaseRemoteFile = async (customerId: string, ftpId: string, name: string, run: string): Promise<void> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.ftpRemoteFile(customerId, ftpId, name),
        UpdateExpression: 'REMOVE claim_run, claim_at',
        ConditionExpression: 'claim_run = :run',
        ExpressionAttributeValues: { ':run': run },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
};

/** Forgets every file of a deleted retriever. */
export const deleteRemoteFileRecords = async (customerId: string, ftpId: string): Promise<void> => {
  const { PK, prefix } = keys.ftpRemoteFilesOfRetriever(customerId, ftpId);
  const items = await queryPrefix<{ PK: string; SK: string }>(PK, prefix);
  await deleteItems(items);
};
