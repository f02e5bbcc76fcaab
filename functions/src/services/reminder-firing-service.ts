import { can, permissionSetFor } from '@shared/permissions/abilities';
import { latestOccurrence, localNow, nextOccurrence } from '@shared/reminders/reminder-dates';
import type { NotificationItem } from '@shared/schemas/notification';
import type { Reminder } from '@shared/schemas/reminder';
import { DEFAULT_TIMEZONE } from '@shared/constants';
import { getCustomer } from '../data/customer-repository';
import { putNotifications } from '../data/notification-repository';
import { getReminder, recordReminderFiring } from '../data/reminder-repository';
import { listUsersOfCustomer } from '../data/user-repository';
import { describeError, logger } from '../logger';
import { permissionsOfCustomer } from './access-service';
import { sendMail } from './mail-service';
import { customerReceivesEmail } from './notification-settings-service';
import { newId } from './new-id';
import { pushToUser } from './realtime-service';
import { reminderMail } from './reminder-mail';
import { recipientsByLanguage } from './recipient-language';
import { atExpression, reminderTarget } from './reminder-service';
import { moveSchedule, removeSchedule } from './schedule-service';

/** A transaction holds at most 100 items: the firing marker, the reminder, and the first notifications. */
const IN_TRANSACTION = 98;
/** A schedule started a little before its minute still fires that occurrence. */
const EARLY_MS = 2 * 60_000;

export interface ReminderFiring {
  fired: boolean;
  reason?: 'not_found' | 'inactive' | 'awaiting_reset' | 'nothing_due' | 'already_fired';
  due?: string;
  notified?: number;
  mailed?: boolean;
  next_due?: string | null;
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

/**
 * What a reminder's schedule runs (`{ kind: 'reminder', id, customerId }`): the occurrence the
 * schedule stands for (the last one at or before now) fires once — a notification for each of its people, pushed to their open
 * browsers (`newNotifications`), and its e-mail to / cc / bcc. A recurrent reminder then moves its
 * schedule to the next occurrence, unless it waits for a reset. Idempotent per reminder and due
 * time: the notifications and the new state are written in one transaction with a marker of that
 * due time, and a second run finds the marker and sends nothing.
 */
export const fireReminder = async (customerId: string, reminderId: string, now: Date = new Date()): Promise<ReminderFiring> => {
  const reminder = await getReminder(customerId, reminderId);
  if (!reminder) return { fired: false, reason: 'not_found' };
  if (!reminder.active) return { fired: false, reason: 'inactive' };
  if (reminder.awaiting_reset) return { fired: false, reason: 'awaiting_reset' };
  const customer = await getCustomer(customerId);
  const zone = customer?.timezone ?? DEFAULT_TIMEZONE;
  const nowLocal = localNow(zone, now);
  const due = latestOccurrence(reminder, reminder.reminder_date, reminder.start, localNow(zone, new Date(now.getTime() + EARLY_MS)));
  if (!due) return { fired: false, reason: 'nothing_due' };
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
  const recorded = await recordReminderFiring(reminder, due, notifications.slice(0, IN_TRANSACTION), { next_due: next, awaiting_reset: waitsForReset, last_fired_at: created });
  if (!recorded) return { fired: false, reason: 'already_fired', due };
  // Beyond one transaction, the rest follow once the firing is recorded (only the run that recorded it writes them).
  await putNotifications(notifications.slice(IN_TRANSACTION));

  let mailed = false;
  if (reminder.email.to.length > 0 && (await customerReceivesEmail(customerId, 'reminders'))) {
    try {
      // Each recipient who is a user reads it in their own language; copies go once, with the first group.
      const groups = await recipientsByLanguage(reminder.email.to, reminder.language);
      await Promise.all(
        groups.map((group, index) => {
          const mail = reminderMail(reminder, due, zone, group);
          return sendMail(index === 0 ? mail : { ...mail, cc: [], bcc: [] });
        }),
      );
      mailed = true;
    } catch (error) {
      logger.error('reminder e-mail not sent', { customerId, reminderId, due, ...describeError(error) });
    }
  }
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
