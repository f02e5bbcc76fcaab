import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, ListObjectVersionsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Customer } from '@shared/schemas/customer';
import { hashPassword } from '../../functions/src/services/password-hasher';
import { keys } from '../../functions/src/data/keys';
import { api, login } from './api';
import { entities } from './aws';
import { testEnvironment } from './environment';
import { eventually } from './eventually';

const clientOptions = () => ({
  endpoint: testEnvironment().endpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
});

let s3: S3Client | undefined;
let lambda: LambdaClient | undefined;
let documents: DynamoDBDocumentClient | undefined;
const storage = () => (s3 ??= new S3Client({ ...clientOptions(), forcePathStyle: true }));

/** A customer made through the API by a super user; its name sorts after the demo customers (root's default stays the same). */
export const createTestCustomer = async (token: string, overrides: Record<string, unknown> = {}): Promise<Customer> => {
  const answer = await api<Customer>('POST', '/api/v1/customers', {
    token,
    body: { name: `Zz test ${randomUUID().slice(0, 8)}`, timezone: 'Europe/Paris', cca2: 'FR', ...overrides },
  });
  if (answer.status !== 200) throw new Error(`Customer not created: ${JSON.stringify(answer.body)}`);
  return answer.body.data!;
};

/** A user of a customer, written as the users screen would (the test signs in with the password). */
export const seedUser = async (customerId: string, role: 'member' | 'administrator' = 'member'): Promise<{ email: string; password: string }> => {
  const id = `usr-${randomUUID()}`;
  const email = `${role}-${randomUUID().slice(0, 8)}@customers.example`;
  const password = `pw-${randomUUID()}`;
  await entities.put({
    ...keys.customerUser(customerId, id),
    ...keys.userEmailIndex(email),
    kind: 'user',
    _id: id,
    first_name: 'Test',
    last_name: role === 'member' ? 'Member' : 'Administrator',
    email,
    type: role,
    internal_role: role,
    is_root: false,
    customer: customerId,
    picture: '',
    allowed_locations: 'view',
    last_notification_read: null,
    password_hash: await hashPassword(password),
  });
  await entities.put({ ...keys.userListEntry(customerId, id), kind: 'user-entry', user: id });
  return { email, password };
};

/** A member of a customer. */
export const seedMember = (customerId: string): Promise<{ email: string; password: string }> => seedUser(customerId);

/**
 * A premium customer of the test's own, its administrator signed in: a test that needs "another
 * premium customer" makes one rather than flip a demo customer's licence, which files running at
 * the same time read.
 */
export const anotherPremiumCustomer = async (): Promise<{ customerId: string; token: string }> => {
  const root = (await login('root')).user.jwt;
  const customer = await createTestCustomer(root, { is_premium: true });
  return { customerId: customer._id, token: await tokenOf(await seedUser(customer._id, 'administrator')) };
};

/** Signs a seeded user in: the session token. */
export const tokenOf = async (account: { email: string; password: string }): Promise<string> => {
  const answer = await signInStatus(account);
  const token = (answer.body as { data?: { user?: { jwt?: string } } }).data?.user?.jwt;
  if (answer.status !== 200 || !token) throw new Error(`${account.email} not signed in: ${JSON.stringify(answer.body)}`);
  return token;
};

export const signInStatus = async (account: { email: string; password: string }) =>
  api('POST', '/api/v1/users/authenticate', { body: { user: { ...account, remember: false } } });

export const putObject = (bucket: string, key: string) =>
  storage().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'technical_id;date;value\n' }));

export const objectsUnder = async (bucket: string, prefix: string): Promise<string[]> =>
  ((await storage().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }))).Contents ?? []).map((object) => object.Key ?? '');

/** Every version and delete marker of the objects under a prefix (the data buckets keep old versions). */
export const objectVersionsUnder = async (bucket: string, prefix: string): Promise<string[]> => {
  const page = await storage().send(new ListObjectVersionsCommand({ Bucket: bucket, Prefix: prefix }));
  return [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])].map((version) => `${version.Key}@${version.VersionId}`);
};

/** Every item left in a customer's partition of the entities table. */
export const partitionOf = async (customerId: string): Promise<string[]> => {
  documents ??= DynamoDBDocumentClient.from(new DynamoDBClient(clientOptions()));
  const answer = await documents.send(
    new QueryCommand({ TableName: testEnvironment().entitiesTable, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `C#${customerId}` } }),
  );
  return (answer.Items ?? []).map((item) => String(item.SK));
};

/**
 * Runs the customer deletion function as a retry by Lambda would, then waits for the runs it
 * starts to finish: the customer item, removed last, is gone.
 */
export const runCustomerDeletion = async (customerId: string): Promise<void> => {
  lambda ??= new LambdaClient(clientOptions());
  const answer = await lambda.send(
    new InvokeCommand({
      FunctionName: testEnvironment().customerDeletionFunctionName,
      Payload: new TextEncoder().encode(JSON.stringify({ kind: 'customer_deletion', customerId, requestedBy: null, jobId: `job-${randomUUID()}` })),
    }),
  );
  if (answer.FunctionError) throw new Error(`Customer deletion failed: ${new TextDecoder().decode(answer.Payload)}`);
  await eventually(() => entities.get(keys.customer(customerId)), (item) => item === undefined, 2 * 60_000);
};

/**
 * Runs the purge sweep as its hourly schedule does (`{ kind: 'customer_purge_sweep' }`): the
 * purge runs it started, one per deleted customer whose restore window is over.
 */
export const runPurgeSweep = async (): Promise<{ started: { customer: string; job: string }[] }> => {
  lambda ??= new LambdaClient(clientOptions());
  const answer = await lambda.send(
    new InvokeCommand({
      FunctionName: testEnvironment().customerDeletionFunctionName,
      Payload: new TextEncoder().encode(JSON.stringify({ kind: 'customer_purge_sweep', correlationId: `sweep-${randomUUID()}` })),
    }),
  );
  const text = new TextDecoder().decode(answer.Payload);
  if (answer.FunctionError) throw new Error(`Purge sweep failed: ${text}`);
  return JSON.parse(text) as { started: { customer: string; job: string }[] };
};

/**
 * Ends a deleted customer's restore window now, as if its seven days had passed: its purge time,
 * on its item, is moved into the past (what the sweep and the restore read).
 */
export const endRestoreWindow = async (customerId: string): Promise<void> => {
  await entities.set(keys.customer(customerId), { purge_at: new Date(Date.now() - 60_000).toISOString() });
};

/** Every item of a table, read with Scan (tests only: a request never scans). */
export const scanTable = async (TableName: string): Promise<Record<string, unknown>[]> => {
  documents ??= DynamoDBDocumentClient.from(new DynamoDBClient(clientOptions()));
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(new ScanCommand({ TableName, ExclusiveStartKey }));
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
};

/** The key of every object of a bucket. */
export const everyObjectKey = async (Bucket: string): Promise<string[]> => {
  const found: string[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await storage().send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
    found.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
    ContinuationToken = page.NextContinuationToken;
  } while (ContinuationToken);
  return found;
};
