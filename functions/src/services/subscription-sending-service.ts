import { randomUUID } from 'node:crypto';
import { latestOccurrence, occurrenceAfter } from '@shared/alerts/cron';
import { DEFAULT_LANGUAGE, type LanguageKey } from '@shared/constants';
import { decideOwnedAccess } from '@shared/permissions/ownership';
import type { Subscription } from '@shared/schemas/subscription';
import { getReport } from '../data/report-repository';
import { listOutboxRecords, outboxAttachmentKey, storeOutboxAttachment, type OutboxRecord, type OutboxSource } from '../data/outbox-repository';
import {
  claimSubscriptionSending,
  getSubscription,
  handOverSubscriptionSending,
  markSubscriptionSendingSent,
  releaseSubscriptionSending,
  type SubscriptionSending,
} from '../data/subscription-repository';
import { getUser, type StoredUser } from '../data/user-repository';
import { AppError } from '../errors';
import { describeError, logger } from '../logger';
import { customerReceivesEmail } from './notification-settings-service';
import { deliverOutboxRecord, flushOutboxOf, newOutboxRecord } from './outbox-service';
import { outboxRecordId, outboxSourcePrefix } from './outbox-rules';
import { renderReportPdf } from './report-pdf-service';
import { subscriptionMail } from './subscription-mail';

/** Longer than the scheduled-jobs function may run: a claim this old belongs to a run that is gone. */
const CLAIM_LEASE_MS = 16 * 60_000;
/** A marker outlives its due time by the next due time and a day: after that no run can name it again. */
const MARKER_MARGIN_MS = 24 * 3_600_000;

export interface SubscriptionRun {
  sent: boolean;
  reason?: 'not_found' | 'inactive' | 'report_not_found' | 'emails_off' | 'already_sent' | 'in_progress' | 'outcome_unknown';
  due?: string;
  language?: LanguageKey;
  recipients?: number;
  /** E-mails of earlier runs (left in the outbox) that this run sent. */
  delivered?: number;
}

/** The owner, a user of the customer or a super user; null when they are gone. */
const ownerOf = async (subscription: Subscription): Promise<StoredUser | null> =>
  (await getUser(subscription.customer, subscription.user)) ?? (await getUser(null, subscription.user));

const SUBSCRIPTION = (subscriptionId: string): OutboxSource => ({ kind: 'subscription', id: subscriptionId });

/** Closes the sendings whose e-mails have now left. */
const closeSentSendings = async (customerId: string, subscriptionId: string, sent: readonly OutboxRecord[]): Promise<void> => {
  for (const occasion of new Set(sent.map((record) => record.occasion))) await markSubscriptionSendingSent(customerId, subscriptionId, occasion, new Date().toISOString());
};

/**
 * What a subscription's schedule runs (`{ kind: 'subscription', id, customerId }`): the report's
 * PDF, printed in its owner's language, e-mailed to to / cc / bcc — once per due time, the latest
 * occurrence of its cron time at or before now (two runs for one occurrence find the same one).
 *
 * A marker of the due time is claimed (`rendering`) before the PDF is made, so one run makes it;
 * a second run finds the marker and makes nothing. A run that fails before the hand-over gives the
 * claim back (a later run may send); a run that died while rendering leaves a claim that expires
 * after the function's time limit. The PDF goes to the documents bucket and the e-mail to the
 * outbox, in one transaction with the marker's move to `mailing`: from then on the outbox sends it,
 * retried until sent (README "Outbox"), and the marker is `sent` once it left. Each run first sends
 * what an earlier one left in the outbox.
 *
 * A subscription whose report is gone, or no longer readable by its owner, logs and sends nothing.
 */
export const sendSubscriptionReport = async (customerId: string, subscriptionId: string, now: number = Date.now()): Promise<SubscriptionRun> => {
  const earlier = await flushOutboxOf(customerId, SUBSCRIPTION(subscriptionId));
  await closeSentSendings(customerId, subscriptionId, earlier.sent);
  for (const error of earlier.failures) logger.error('subscription e-mail not sent (kept in the outbox)', { customerId, subscriptionId, ...describeError(error) });
  const run = await sendDueReport(customerId, subscriptionId, now);
  return earlier.sent.length ? { ...run, delivered: earlier.sent.length } : run;
};

/** Where a due time stands whose marker another run holds. */
const standingOf = async (customerId: string, subscriptionId: string, marker: SubscriptionSending, due: string, now: number): Promise<SubscriptionRun> => {
  if (marker.state === 'sent') return { sent: false, reason: 'already_sent', due };
  if (marker.state === 'rendering') return { sent: false, reason: 'in_progress', due };
  const records = await listOutboxRecords(customerId, outboxSourcePrefix(SUBSCRIPTION(subscriptionId), due));
  if (records.some((record) => record.status !== 'sent')) return { sent: false, reason: 'in_progress', due };
  if (records.length > 0) {
    await markSubscriptionSendingSent(customerId, subscriptionId, due, new Date().toISOString());
    return { sent: false, reason: 'already_sent', due };
  }
  // Handed over without an outbox record: a marker of a run from before the outbox, whose e-mail may have left.
  if (Date.parse(marker.claimed_at) < now - CLAIM_LEASE_MS) logger.error('subscription e-mail may not have left and is not sent again', { customerId, subscriptionId, due });
  return { sent: false, reason: 'outcome_unknown', due };
};

const sendDueReport = async (customerId: string, subscriptionId: string, now: number): Promise<SubscriptionRun> => {
  const subscription = await getSubscription(customerId, subscriptionId);
  if (!subscription) {
    logger.warn('subscription not found', { customerId, subscriptionId });
    return { sent: false, reason: 'not_found' };
  }
  if (!subscription.active) return { sent: false, reason: 'inactive' };
  const dueTime = latestOccurrence(subscription.cron_time, subscription.timezone, now);
  const due = new Date(dueTime).toISOString();
  const [report, owner] = await Promise.all([getReport(customerId, subscription.report), ownerOf(subscription)]);
  const readable = report && owner && decideOwnedAccess({ userId: owner._id, role: owner.internal_role, isRoot: owner.is_root }, report, 'read') === 'allowed';
  if (!report || !readable) {
    logger.warn('subscription report not readable: nothing sent', { customerId, subscriptionId, report: subscription.report, due, owner: Boolean(owner) });
    return { sent: false, reason: 'report_not_found', due };
  }
  if (!(await customerReceivesEmail(customerId, 'reports'))) return { sent: false, reason: 'emails_off', due };

  const sending = {
    subscription: subscriptionId,
    due,
    claim: randomUUID(),
    claimed_at: new Date(now).toISOString(),
    expires_at: Math.ceil((occurrenceAfter(subscription.cron_time, subscription.timezone, dueTime) + MARKER_MARGIN_MS) / 1000),
  };
  const claimed = await claimSubscriptionSending(customerId, sending, new Date(now - CLAIM_LEASE_MS).toISOString());
  if (claimed !== true) return standingOf(customerId, subscriptionId, claimed, due, now);

  const language = owner.language ?? DEFAULT_LANGUAGE;
  const { to, cc, bcc } = subscription.email;
  let record: OutboxRecord;
  try {
    const pdf = await renderReportPdf(customerId, report._id, language);
    // The PDF may exceed an item's 400 KB: the record names it in the documents bucket.
    const s3Key = outboxAttachmentKey(customerId, outboxRecordId(SUBSCRIPTION(subscriptionId), due, 'email', [...to, ...cc, ...bcc]), pdf.fileName);
    await storeOutboxAttachment(s3Key, pdf.content, 'application/pdf');
    const mail = subscriptionMail({ subscriptionName: subscription.name, reportName: report.name, fileName: pdf.fileName, due, zone: subscription.timezone }, language);
    record = newOutboxRecord(customerId, SUBSCRIPTION(subscriptionId), due, { channel: 'email', to, cc, bcc, ...mail, attachments: [{ fileName: pdf.fileName, contentType: 'application/pdf', s3Key }] }, now);
    await handOverSubscriptionSending(customerId, sending, record);
  } catch (error) {
    // Nothing handed over (the PDF failed, the claim was lost): a later run for this due time may try again.
    await releaseSubscriptionSending(customerId, sending);
    if (error instanceof AppError && error.code === 'report_not_found') {
      logger.warn('subscription report gone while printing: nothing sent', { customerId, subscriptionId, due });
      return { sent: false, reason: 'report_not_found', due };
    }
    logger.error('subscription report not sent', { customerId, subscriptionId, due, ...describeError(error) });
    throw error;
  }
  // A refusal is thrown (the job fails visibly) and the e-mail waits in the outbox for the next run or the sweep.
  if ((await deliverOutboxRecord(record, true)) === 'skipped') {
    // Another run's flush took it first: this run's PDF is sent once that run is done.
    const records = await listOutboxRecords(customerId, outboxSourcePrefix(SUBSCRIPTION(subscriptionId), due));
    if (records.some((candidate) => candidate.status !== 'sent')) return { sent: false, reason: 'in_progress', due };
  }
  await markSubscriptionSendingSent(customerId, subscriptionId, due, new Date().toISOString());
  const recipients = new Set([...to, ...cc, ...bcc]).size;
  logger.info('subscription report sent', { customerId, subscriptionId, due, language, recipients });
  return { sent: true, due, language, recipients };
};
