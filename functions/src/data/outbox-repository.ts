import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { requireSetting } from '../config';
import { dynamo } from '../clients/dynamodb';
import { s3 } from '../clients/s3';
import { keys, stripKeys } from './keys';
import { entitiesTable, queryAll, queryPages } from './table';

/**
 * The entity a message is sent for: its records share the prefix `<kind>#<id>#`. `account`: a
 * user's (or a registration's) account e-mails; `export`: an export sent by e-mail on request.
 */
export interface OutboxSource {
  kind: 'alert' | 'reminder' | 'subscription' | 'export' | 'account';
  id: string;
}

/** A file sent with an e-mail, kept in the documents bucket (an item holds at most 400 KB). */
export interface OutboxAttachment {
  fileName: string;
  contentType: string;
  s3Key: string;
}

export type OutboxMessage =
  | {
      channel: 'email';
      to: string[];
      cc: string[];
      bcc: string[];
      subject: string;
      /** The body; when `sealed`, a KMS ciphertext of it (it holds a secret: a set-password link). */
      text: string;
      sealed?: boolean;
      html?: string;
      attachments?: OutboxAttachment[];
    }
  | { channel: 'sms'; phone: string; text: string };

export type OutboxStatus = 'pending' | 'sending' | 'sent';

/** One message to send, written in the same transaction as the record it follows from (a log entry, a firing). */
export interface OutboxRecord {
  _id: string;
  /** Null for mail sent for no customer (a super user's account, the administrators' notices). */
  customer: string | null;
  source: OutboxSource;
  /** What occasion of its source it is for (a due time). */
  occasion: string;
  message: OutboxMessage;
  status: OutboxStatus;
  /** The sender holding it while `sending`, and until when. */
  claim: string | null;
  lease_until: string | null;
  attempts: number;
  next_attempt_at: string;
  created_at: string;
  sent_at: string | null;
  message_id: string | null;
  last_error: string | null;
  /** TTL (seconds): a record is dropped this long after it was made, sent or not. */
  expires_at: number;
  /** The request's or job's correlation id that wrote it: its send logs under that id, whoever sends it. */
  correlation_id?: string;
}

const recordOf = (item: Record<string, unknown>): OutboxRecord => stripKeys(item) as unknown as OutboxRecord;

const isConditionFailure = (error: unknown): boolean =>
  error instanceof ConditionalCheckFailedException ||
  (error as { name?: string }).name === 'ConditionalCheckFailedException' ||
  ((error as { name?: string }).name === 'TransactionCanceledException' &&
    ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).some((reason) => reason.Code === 'ConditionalCheckFailed'));

/** The Put of a new record, for the transaction that writes what it follows from (never twice: its id is its purpose). */
export const outboxRecordPut = (record: OutboxRecord) => ({
  Put: {
    TableName: entitiesTable(),
    Item: {
      ...keys.outboxRecord(record.customer, record._id),
      ...keys.outboxUnsentIndex(record.customer, record._id, record.next_attempt_at),
      kind: 'outbox',
      ...record,
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/** Items of a transaction that a record is written with (a password link, a user). */
export type TransactionItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/** Writes new records on their own (a message that follows from no other write): false for those already there. */
export const putOutboxRecord = async (record: OutboxRecord): Promise<boolean> => {
  try {
    await dynamo.send(new PutCommand(outboxRecordPut(record).Put));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/**
 * Writes records with the business items they follow from (a password link, a registration), in
 * one transaction: both or neither. False when a condition failed (a record already there: the
 * same occasion was written before).
 */
export const writeWithOutboxRecords = async (records: readonly OutboxRecord[], items: TransactionItems): Promise<boolean> => {
  try {
    await dynamo.send(new TransactWriteCommand({ TransactItems: [...items, ...records.map(outboxRecordPut)] }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/** One record, by its id. */
export const getOutboxRecord = async (customerId: string | null, recordId: string): Promise<OutboxRecord | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.outboxRecord(customerId, recordId), ConsistentRead: true }));
  return answer.Item ? recordOf(answer.Item) : null;
};

/** The records of a customer whose id starts with a prefix (an entity's, or one occasion's), sent or not. */
export const listOutboxRecords = async (customerId: string | null, idPrefix: string, unsentOnly = false): Promise<OutboxRecord[]> => {
  const { PK, prefix } = keys.outboxRecordsWithPrefix(customerId, idPrefix);
  const items = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ...(unsentOnly ? { FilterExpression: '#status <> :sent', ExpressionAttributeNames: { '#status': 'status' } } : {}),
    ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix, ...(unsentOnly ? { ':sent': 'sent' } : {}) },
    ConsistentRead: true,
  });
  return items.map(recordOf);
};

/** The records of a prefix not sent yet. */
export const listUnsentOutboxRecords = (customerId: string | null, idPrefix: string): Promise<OutboxRecord[]> => listOutboxRecords(customerId, idPrefix, true);

/** Records of every customer not sent yet whose next try (or lapsed lease) is at or before `at`, oldest first. */
export const listUnsentOutboxRecordsDue = async (at: string, limit: number): Promise<OutboxRecord[]> => {
  const items: Record<string, unknown>[] = [];
  for await (const page of queryPages({
    TableName: entitiesTable(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :at',
    ExpressionAttributeValues: { ':pk': keys.outboxUnsent.GSI1PK, ':at': `${at}~` },
  })) {
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    if (items.length >= limit) break;
  }
  return items.slice(0, limit).map(recordOf);
};

/**
 * Takes a record to send it: only one that is pending, or whose sender's lease lapsed
 * (`lease_until` at or before `now`). False when another sender holds it or it was sent.
 */
export const claimOutboxRecord = async (record: Pick<OutboxRecord, 'customer' | '_id'>, claim: string, now: string, leaseUntil: string): Promise<boolean> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.outboxRecord(record.customer, record._id),
        UpdateExpression: 'SET #status = :sending, claim = :claim, lease_until = :lease, GSI1SK = :index ADD attempts :one',
        ConditionExpression: 'attribute_exists(PK) AND (#status = :pending OR (#status = :sending AND lease_until <= :now))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':sending': 'sending',
          ':pending': 'pending',
          ':claim': claim,
          ':lease': leaseUntil,
          ':now': now,
          ':one': 1,
          ':index': keys.outboxUnsentIndex(record.customer, record._id, leaseUntil).GSI1SK,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/** Marks a record sent, whoever holds it now (the message left): it leaves the unsent index. */
export const markOutboxRecordSent = async (record: Pick<OutboxRecord, 'customer' | '_id'>, messageId: string, sentAt: string): Promise<void> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.outboxRecord(record.customer, record._id),
        UpdateExpression: 'SET #status = :sent, sent_at = :at, message_id = :id, claim = :none, lease_until = :none REMOVE GSI1PK, GSI1SK',
        ConditionExpression: 'attribute_exists(PK) AND #status <> :sent',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sent': 'sent', ':at': sentAt, ':id': messageId, ':none': null },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
};

/** Gives a record back after the provider refused it (nothing left): pending again, tried at `nextAttemptAt`. */
export const releaseOutboxRecord = async (record: Pick<OutboxRecord, 'customer' | '_id'>, claim: string, failure: string, nextAttemptAt: string): Promise<void> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.outboxRecord(record.customer, record._id),
        UpdateExpression: 'SET #status = :pending, claim = :none, lease_until = :none, last_error = :failure, next_attempt_at = :next, GSI1SK = :index',
        ConditionExpression: 'claim = :claim AND #status = :sending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':sending': 'sending',
          ':none': null,
          ':claim': claim,
          ':failure': failure,
          ':next': nextAttemptAt,
          ':index': keys.outboxUnsentIndex(record.customer, record._id, nextAttemptAt).GSI1SK,
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
};

/**
 * Tests only: uses up one of the failures a test asked for on an entity's sends (an item the API
 * never writes). Read only when the deployment enables fault injection.
 */
export const takeInjectedOutboxFault = async (customerId: string | null, source: OutboxSource): Promise<boolean> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.outboxFault(customerId, source.kind, source.id),
        UpdateExpression: 'ADD failures :less',
        ConditionExpression: 'failures > :none',
        ExpressionAttributeValues: { ':less': -1, ':none': 0 },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/** S3 key (documents bucket) of a file an outbox e-mail carries: under its customer, named by the record. */
export const outboxAttachmentKey = (customerId: string, recordId: string, fileName: string): string =>
  `${customerId}/outbox/${recordId.replace(/[^\w.-]+/g, '_')}/${fileName.replace(/[^\w.-]+/g, '_')}`;

/** Keeps a file for an outbox e-mail (before the record naming it is written). */
export const storeOutboxAttachment = async (s3Key: string, content: Uint8Array, contentType: string): Promise<void> => {
  await s3.send(new PutObjectCommand({ Bucket: requireSetting('DOCUMENTS_BUCKET'), Key: s3Key, Body: content, ContentType: contentType }));
};

/** Reads a file an outbox e-mail carries; a key outside its customer's area is refused. */
export const readOutboxAttachment = async (customerId: string, s3Key: string): Promise<Buffer> => {
  if (!s3Key.startsWith(`${customerId}/outbox/`)) throw new Error(`Foreign outbox attachment key ${s3Key}`);
  const answer = await s3.send(new GetObjectCommand({ Bucket: requireSetting('DOCUMENTS_BUCKET'), Key: s3Key }));
  return Buffer.from(await answer.Body!.transformToByteArray());
};
