import { randomUUID } from 'node:crypto';
import { latestOccurrence, occurrenceAfter } from '@shared/alerts/cron';
import { DEFAULT_LANGUAGE, type LanguageKey } from '@shared/constants';
import { decideOwnedAccess } from '@shared/permissions/ownership';
import type { Subscription } from '@shared/schemas/subscription';
import { getReport } from '../data/report-repository';
import { advanceSubscriptionSending, claimSubscriptionSending, getSubscription, releaseSubscriptionSending } from '../data/subscription-repository';
import { getUser, type StoredUser } from '../data/user-repository';
import { AppError } from '../errors';
import { describeError, logger } from '../logger';
import { sendMail } from './mail-service';
import { customerReceivesEmail } from './notification-settings-service';
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
}

/** The owner, a user of the customer or a super user; null when they are gone. */
const ownerOf = async (subscription: Subscription): Promise<StoredUser | null> =>
  (await getUser(subscription.customer, subscription.user)) ?? (await getUser(null, subscription.user));

/**
 * What a subscription's schedule runs (`{ kind: 'subscription', id, customerId }`): the report's
 * PDF, printed in its owner's language, e-mailed to to / cc / bcc — once per due time, the latest
 * occurrence of its cron time at or before now (two runs for one occurrence find the same one).
 *
 * At most once: a marker of the due time is claimed before the PDF is made. A second run finds it
 * and sends nothing. A run that fails before mailing gives the claim back (a later run may send);
 * a run that died while rendering leaves a claim that expires after the function's time limit;
 * a run that died while handing the e-mail over leaves `mailing`, and nothing is sent again for
 * that due time, since it may have left (the outbox of DESIGN.md will make this exact).
 *
 * A subscription whose report is gone, or no longer readable by its owner, logs and sends nothing.
 */
export const sendSubscriptionReport = async (customerId: string, subscriptionId: string, now: number = Date.now()): Promise<SubscriptionRun> => {
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
  if (claimed !== true) {
    const stale = claimed.state === 'mailing' && Date.parse(claimed.claimed_at) < now - CLAIM_LEASE_MS;
    if (stale) logger.error('subscription e-mail may not have left and is not sent again', { customerId, subscriptionId, due });
    return { sent: false, reason: claimed.state === 'sent' ? 'already_sent' : stale ? 'outcome_unknown' : 'in_progress', due };
  }

  const language = owner.language ?? DEFAULT_LANGUAGE;
  let messageId: string;
  try {
    const pdf = await renderReportPdf(customerId, report._id, language);
    await advanceSubscriptionSending(customerId, sending, 'mailing');
    const receipt = await sendMail({
      customerId,
      to: subscription.email.to,
      cc: subscription.email.cc,
      bcc: subscription.email.bcc,
      ...subscriptionMail({ subscriptionName: subscription.name, reportName: report.name, fileName: pdf.fileName, due, zone: subscription.timezone }, language),
      attachments: [{ fileName: pdf.fileName, contentType: 'application/pdf', content: pdf.content }],
    });
    messageId = receipt.messageId;
  } catch (error) {
    // Nothing left (the PDF failed, the mail server refused): a later run for this due time may try again.
    await releaseSubscriptionSending(customerId, sending);
    if (error instanceof AppError && error.code === 'report_not_found') {
      logger.warn('subscription report gone while printing: nothing sent', { customerId, subscriptionId, due });
      return { sent: false, reason: 'report_not_found', due };
    }
    logger.error('subscription report not sent', { customerId, subscriptionId, due, ...describeError(error) });
    throw error;
  }
  // Should this fail, the marker stays `mailing`: the e-mail left and is never sent again.
  await advanceSubscriptionSending(customerId, sending, 'sent', { message_id: messageId, sent_at: new Date().toISOString() });
  const recipients = new Set([...subscription.email.to, ...subscription.email.cc, ...subscription.email.bcc]).size;
  logger.info('subscription report sent', { customerId, subscriptionId, due, language, recipients });
  return { sent: true, due, language, recipients };
};
