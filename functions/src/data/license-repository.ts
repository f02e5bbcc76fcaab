import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { LicenseClaims } from '@shared/schemas/license';
import { dynamo } from '../clients/dynamodb';
import { keys } from './keys';
import { entitiesTable } from './table';

export interface StoredLicense {
  /** The file as uploaded (a JWS compact): verified again when applied. */
  token: string;
  claims: LicenseClaims;
  uploaded_at: string;
  installed_at?: string;
}

const read = async (key: { PK: string; SK: string }): Promise<StoredLicense | null> => {
  const item = (await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: key, ConsistentRead: true }))).Item;
  return item ? { token: String(item.token), claims: item.claims as LicenseClaims, uploaded_at: String(item.uploaded_at), installed_at: item.installed_at as string | undefined } : null;
};

export const getInstalledLicense = (): Promise<StoredLicense | null> => read(keys.license);

export const getPendingLicense = (): Promise<StoredLicense | null> => read(keys.pendingLicense);

export const putPendingLicense = async (license: StoredLicense): Promise<void> => {
  await dynamo.send(new PutCommand({ TableName: entitiesTable(), Item: { ...keys.pendingLicense, kind: 'license', ...license } }));
};

/** The pending licence becomes the one in force; the pending one is then forgotten (a re-run finds nothing pending). */
export const installLicense = async (license: StoredLicense): Promise<void> => {
  await dynamo.send(new PutCommand({ TableName: entitiesTable(), Item: { ...keys.license, kind: 'license', ...license } }));
  await dynamo.send(new DeleteCommand({ TableName: entitiesTable(), Key: keys.pendingLicense }));
};
