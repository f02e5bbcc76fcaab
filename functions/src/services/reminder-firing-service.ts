import { can, permissionSetFor } from '@shared/permissions/abilities';
import { latestOccurrence, localNow, nextOccurrence } from '@shared/reminders/reminder-dates';
import type { NotificationItem } from '@shared/schemas/notification';
import type { Reminder } from '@shared/schemas/reminder';
import { DEFAULT_TIMEZONE } from '@shared/constants';
import { getCustomer } from '../data/customer-repository';
import { putNotifications } from '../data/notification-repository';
import { getReminder, passReminderOccurrence, recordReminderFiring } from '../data/reminder-repository';
import { listUsersOfCustomer } from '../data/user-repository';
import type { OutboxMessage, OutboxSource } from '../data/outbox-repository';
import { describeError, logger } from '../logger';
import { permissionsOfCustomer } from './access-service';
import { customerReceivesEmail } from './notification-settings-service';
import { newId } from './new-id';
import { deliverOutboxRecords, flushOutboxOf, newOutboxRecord } from './outbox-service';
import { pushToUser } from './realtime-service';
import { reminderMail } from './reminder-mail';
import { recipientsByLanguage } from './recipient-language';
import { atExpression, reminderTarget } from './reminder-service';
import { moveSchedule, removeSchedule } from './schedule-service';

/** A transaction holds at most 100 items: the firing marker, the reminder, its e-mails (outbox records) and the first notifications. */
const IN_TRANSACTION = 98;
/** A schedule started a little before its minute still fires that occurrence. */
const EARLY_MS = 2 * 60_000;

export interface ReminderFiring {
  fired: boolean;
  reason?: 'not_found' | 'inactive' | 'awaiting_reset' | 'nothing_due' | 'already_fired' | 'customer_deleted';
  due?: string;
  notified?: number;
  mailed?: boolean;
  next_due?: string | null;
  /** E-mails of earlier runs (left unsent) that this run sent. */
  delivered?: number;
}

/**
 * The people a reminder notifies: its owner, and when it is shared everyone of the customer whose
 * role may open reminders (the ownership policy's readers of a shared object).
 */
const peopleOf = async (reminder: Reminder): Promise<string[]> => {
  if (!reminder.sharing.shared) return [reminder.user];
  const [users, permissions] = await Promise.all([listUsersOfCustomer(reminder.customer), permissionsOfCustomer(reminder.customer)]);
  const allowed = users.filter((user) => can(permissionSetFor(permissions, user.internal_role), 'app.reminders')).map((user) => user._id);
  return [...new Set([reminder.user, ...allowed])];
};

const REMINDER = (reminderId: string): OutboxSource => ({ kind: 'reminder', id: reminderId });

/** The e-mails of a firing: each recipient who is a user reads it in their own language; copies go once, with the first group. */
const reminderMessages = async (reminder: Reminder, due: string, zone: string): Promise<OutboxMessage[]> => {
  if (reminder.email.to.length === 0 || !(await customerReceivesEmail(reminder.customer, 'reminders'))) return [];
  const groups = await recipientsByLanguage(reminder.email.to, reminder.language);
  return groups.map((group, index) => {
    const mail = reminderMail(reminder, due, zone, group);
    return { channel: 'email', to: mail.to, cc: index === 0 ? (mail.cc ?? []) : [], bcc: index === 0 ? (mail.bcc ?? []) : [], subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) };
  });
};

/**
 * What a reminder's schedule runs (`{ kind: 'reminder', id, customerId }`): the occurrence the
 * schedule stands for (the last one at or before now) fires once — a notification for each of its people, pushed to their open
 * browsers (`newNotifications`), and its e-mail to / cc / bcc. A recurrent reminder then moves its
 * schedule to the next occurrence, unless it waits for a reset. Idempotent per reminder and due
 * time: the notifications, the new state and the e-mails (outbox records) are written in one
 * transaction with a marker of that due time; a second run finds the marker and only sends what an
 * earlier run left unsent (README "Outbox").
 */
export const fireReminder = async (customerId: string, reminderId: string, now: Date = new Date()): Promise<ReminderFiring> => {
  // What an earlier run left unsent leaves first: running the job again finishes its sending.
  const earlier = await flushOutboxOf(customerId, REMINDER(reminderId));
  for (const error of earlier.failures) logger.error('reminder e-mail not sent (kept in the outbox)', { customerId, reminderId, ...describeError(error) });
  const firing = await fireDueOccurrence(customerId, reminderId, now);
  return earlier.sent.length ? { ...firing, delivered: earlier.sent.length } : firing;
};

const fireDueOccurrence = async (customerId: string, reminderId: string, now: Date): Promise<ReminderFiring> => {
  const reminder = await getReminder(customerId, reminderId);
  if (!reminder) return { fired: false, reason: 'not_found' };
  if (!reminder.active) return { fired: false, reason: 'inactive' };
  if (reminder.awaiting_reset) return { fired: false, reason: 'awaiting_reset' };
  const customer = await getCustomer(customerId);
  const zone = customer?.timezone ?? DEFAULT_TIMEZONE;
  const nowLocal = localNow(zone, now);
  const due = latestOccurrence(reminder, reminder.reminder_date, reminder.start, localNow(zone, new Date(now.getTime() + EARLY_MS)));
  if (!due) return { fired: false, reason: 'nothing_due' };
  // Its customer is deleted (restorable until its purge): the occurrence passes unfired and the
  // schedule moves on to the next one, so that a restored customer finds its reminder running.
  if (customer?.deleting) {
    const upcoming = reminder.type === 'recurrent' ? nextOccurrence(reminder, reminder.reminder_date, reminder.start, due > nowLocal ? due : nowLocal) : null;
    await passReminderOccurrence(reminder, upcoming);
    const target = reminderTarget(customerId, reminderId);
    if (upcoming) await moveSchedule(target, { expression: atExpression(upcoming), timezone: zone, enabled: true });
    else await removeSchedule(target);
    logger.info('reminder occurrence passed: its customer is deleted', { customerId, reminderId, due, next_due: upcoming });
    return { fired: false, reason: 'customer_deleted', due, next_due: upcoming };
  }
  const waitsForReset = reminder.type === 'recurrent' && reminder.reset_only_after_validation;
  const next = reminder.type === 'recurrent' && !waitsForReset ? nextOccurrence(reminder, reminder.reminder_date, reminder.start, due > nowLocal ? due : nowLocal) : null;
  const people = await peopleOf(reminder);
  const created = now.toISOString();
  const notifications: NotificationItem[] = people.map((userId) => ({
    _id: newId('notification'),
    reminder: reminder._id,
    customer: customerId,
    customer_name: customer?.name ?? '',
    user: userId,
    title: reminder.name,
    message: reminder.message,
    unread: true,
    created_at: created,
    due,
    done_at: null,
  }));
  // Its e-mails are outbox records written with the firing: a crash after the write loses none.
  const records = (await reminderMessages(reminder, due, zone)).map((message) => newOutboxRecord(customerId, REMINDER(reminderId), due, message, now.getTime()));
  const inTransaction = IN_TRANSACTION - records.length;
  const recorded = await recordReminderFiring(reminder, due, notifications.slice(0, inTransaction), { next_due: next, awaiting_reset: waitsForReset, last_fired_at: created }, records);
  if (!recorded) return { fired: false, reason: 'already_fired', due };
  // Beyond one transaction, the rest follow once the firing is recorded (only the run that recorded it writes them).
  await putNotifications(notifications.slice(inTransaction));

  const delivery = await deliverOutboxRecords(records, true);
  for (const error of delivery.failures) logger.error('reminder e-mail not sent (kept in the outbox)', { customerId, reminderId, due, ...describeError(error) });
  const mailed = records.length > 0 && delivery.sent.length === records.length;
  await Promise.all(
    people.map((userId) =>
      pushToUser(userId, { event: 'newNotifications', data: { count: 1 } }).catch((error) =>
        logger.warn('newNotifications not pushed', { customerId, userId, ...describeError(error) }),
      ),
    ),
  );
  const target = reminderTarget(customerId, reminderId);
  if (next) await moveSchedule(target, { expression: atExpression(next), timezone: zone, enabled: true });
  else await removeSchedule(target);
  logger.info('reminder fired', { customerId, reminderId, due, notified: people.length, mailed, next_due: next });
  return { fired: true, due, notified: people.length, mailed, next_due: next };
};
