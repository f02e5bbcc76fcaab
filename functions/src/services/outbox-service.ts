import { randomUUID } from 'node:crypto';
import { config } from '../config';
import {
  claimOutboxRecord,
  listUnsentOutboxRecords,
  listUnsentOutboxRecordsDue,
  markOutboxRecordSent,
  readOutboxAttachment,
  releaseOutboxRecord,
  takeInjectedOutboxFault,
  type OutboxMessage,
  type OutboxRecord,
  type OutboxSource,
} from '../data/outbox-repository';
import { currentCorrelationId, describeError, logger, withCorrelationId } from '../logger';
import { sendMail, sendSms, type MailReceipt } from './mail-service';
import { openSecret, sealSecret } from './secret-box';
import { RECORD_LIFETIME_MS, SEND_LEASE_MS, decideOutboxStep, firstSweepTryOf, nextAttemptAfterFailure, outboxRecordId, outboxSourcePrefix } from './outbox-rules';

/**
 * The outbox: every e-mail and SMS the product sends is first a record, written in the same
 * transaction as what it follows from (an alert's log entry, a reminder's firing, a password link,
 * a registration), then sent by a sender that claims it (lease), hands it to SES / SNS / the
 * customer's SMTP server and marks it sent. A record left unsent (the provider refused, the
 * function died) is sent by the next run of its entity's job, its request asked again, or the
 * outbox sweep. See README "Outbox" for the exact guarantee.
 */

/** A fault asked for by a test (fault injection enabled by the deployment, marker written by the test). */
export class InjectedOutboxFault extends Error {
  constructor() {
    super('outbox_fault_injected');
    this.name = 'InjectedOutboxFault';
  }
}

/** A new record for one message of an entity's occasion: its writer sends it now, the sweep once the writer's grace is over. */
export const newOutboxRecord = (customerId: string | null, source: OutboxSource, occasion: string, message: OutboxMessage, now: number = Date.now()): OutboxRecord => ({
  _id: outboxRecordId(source, occasion, message.channel, message.channel === 'sms' ? [message.phone] : [...message.to, ...message.cc, ...message.bcc]),
  customer: customerId,
  source,
  occasion,
  message,
  status: 'pending',
  claim: null,
  lease_until: null,
  attempts: 0,
  next_attempt_at: new Date(firstSweepTryOf(now)).toISOString(),
  created_at: new Date(now).toISOString(),
  sent_at: null,
  message_id: null,
  last_error: null,
  expires_at: Math.ceil((now + RECORD_LIFETIME_MS) / 1000),
  ...(currentCorrelationId() ? { correlation_id: currentCorrelationId() } : {}),
});

/** Sealed bodies are bound to their customer (or to the system, for mail of no customer). */
const sealingContext = (customerId: string | null): string => customerId ?? 'SYSTEM';

/** An e-mail whose body holds a secret (a set-password link): the record keeps only its KMS ciphertext. */
export const sealedMail = async <M extends Extract<OutboxMessage, { channel: 'email' }>>(customerId: string | null, message: M): Promise<M> => ({
  ...message,
  text: await sealSecret(sealingContext(customerId), message.text),
  sealed: true,
});

const handOver = async (record: OutboxRecord): Promise<MailReceipt> => {
  if (config.OUTBOX_FAULT_INJECTION && (await takeInjectedOutboxFault(record.customer, record.source))) throw new InjectedOutboxFault();
  const { message } = record;
  if (message.channel === 'sms') return sendSms(message.phone, message.text);
  const { customer } = record;
  const attachments = await Promise.all(
    (message.attachments ?? []).map(async ({ fileName, contentType, s3Key }) => {
      if (!customer) throw new Error('Only a customer\'s outbox e-mail carries files');
      return { fileName, contentType, content: await readOutboxAttachment(customer, s3Key) };
    }),
  );
  const text = message.sealed ? await openSecret(sealingContext(customer), message.text) : message.text;
  return sendMail({
    customerId: record.customer,
    to: message.to,
    cc: message.cc,
    bcc: message.bcc,
    subject: message.subject,
    text,
    ...(message.html ? { html: message.html } : {}),
    ...(attachments.length ? { attachments } : {}),
  });
};

export type DeliveryOutcome = 'sent' | 'skipped' | 'failed';

/**
 * Sends one record if this sender may: claims it (pending, or a lapsed lease), hands it over, marks
 * it sent. A refusal gives it back (pending, tried later) and is thrown to the caller.
 * `early`: the entity's own job asks, so a refused record is tried again without waiting.
 */
export const deliverOutboxRecord = (record: OutboxRecord, early = false, now: number = Date.now()): Promise<DeliveryOutcome> =>
  // A send logs under the id of the request or job that wrote the record (the sweep sends others' records).
  record.correlation_id ? withCorrelationId(record.correlation_id, () => deliverUnderId(record, early, now)) : deliverUnderId(record, early, now);

const deliverUnderId = async (record: OutboxRecord, early: boolean, now: number): Promise<DeliveryOutcome> => {
  if (decideOutboxStep(record, now, early).step !== 'send') return 'skipped';
  const claim = randomUUID();
  if (!(await claimOutboxRecord(record, claim, new Date(now).toISOString(), new Date(now + SEND_LEASE_MS).toISOString()))) return 'skipped';
  let receipt: MailReceipt;
  try {
    receipt = await handOver(record);
  } catch (error) {
    // The provider answered with a refusal (or nothing was handed over): nothing left, so it may be tried again.
    await releaseOutboxRecord(record, claim, String((error as Error)?.message ?? error), new Date(nextAttemptAfterFailure(record.attempts + 1, Date.now())).toISOString());
    logger.warn('outbox message not sent', { customerId: record.customer, record: record._id, ...describeError(error) });
    throw error;
  }
  // Should this fail, the record stays `sending` until its lease lapses: the one case a message may leave twice.
  await markOutboxRecordSent(record, receipt.messageId, new Date().toISOString());
  return 'sent';
};

export interface OutboxDelivery {
  sent: OutboxRecord[];
  failures: unknown[];
}

/** Sends records one after the other, each on its own: one refused does not hold back the others. */
export const deliverOutboxRecords = async (records: readonly OutboxRecord[], early = false): Promise<OutboxDelivery> => {
  const delivery: OutboxDelivery = { sent: [], failures: [] };
  for (const record of records) {
    try {
      if ((await deliverOutboxRecord(record, early)) === 'sent') delivery.sent.push(record);
    } catch (error) {
      delivery.failures.push(error);
    }
  }
  return delivery;
};

/** Sends what an entity left unsent (all its occasions, or one): its job runs this first, so running it again finishes the sending. */
export const flushOutboxOf = async (customerId: string | null, source: OutboxSource, occasion?: string): Promise<OutboxDelivery> =>
  deliverOutboxRecords(await listUnsentOutboxRecords(customerId, outboxSourcePrefix(source, occasion)), true);

/** How many records one sweep takes at most (the rest wait for the next one). */
const SWEEP_BATCH = 200;

/**
 * The outbox sweep (its own schedule): every record of every customer whose next try is due or
 * whose sender's lease lapsed. Refusals are logged and wait for their next try.
 */
export const sweepOutbox = async (now: number = Date.now()): Promise<{ sent: number; failed: number }> => {
  const due = await listUnsentOutboxRecordsDue(new Date(now).toISOString(), SWEEP_BATCH);
  const delivery = await deliverOutboxRecords(due);
  if (due.length) logger.info('outbox swept', { due: due.length, sent: delivery.sent.length, failed: delivery.failures.length });
  return { sent: delivery.sent.length, failed: delivery.failures.length };
};
