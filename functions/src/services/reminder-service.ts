import type * as z from 'zod';
import type { LanguageKey } from '@shared/constants';
import { isSuperUser } from '@shared/permissions/roles';
import { isReminderDateAllowed, localNow, localToday, minimumReminderDate, nextOccurrence } from '@shared/reminders/reminder-dates';
import type { Reminder, reminderInputSchema } from '@shared/schemas/reminder';
import { markNotificationDone, listUnreadNotificationsOfReminder } from '../data/notification-repository';
import { deleteReminder, getReminder, listRemindersOfCustomer, putNewReminder, saveReminder } from '../data/reminder-repository';
import { AppError } from '../errors';
import { customerOf, type Caller } from './caller';
import { ownerOfNewObject } from './owned-access';
import { zoneOfCustomer } from './customer-zone';
import { newId } from './new-id';
import { putSchedule, removeSchedule, type ScheduledTarget } from './schedule-service';

/**
 * Reminders (spec 2 §3–§5): dated or recurrent messages that notify the people who see them and
 * e-mail their addresses. Who may see, change or delete one is the ownership step's to decide
 * (route table `owned` rules); these functions run once it has let the call through.
 */

type ParsedInput = z.output<typeof reminderInputSchema>;

export const reminderTarget = (customerId: string, reminderId: string): ScheduledTarget => ({ kind: 'reminder', id: reminderId, customerId });

/** The zone a customer's reminders are read in. */
/** An EventBridge Scheduler one-time expression for a local date-time (`2026-12-01T08:00`). */
export const atExpression = (localDateTime: string): string => `at(${localDateTime}:00)`;

/** One schedule per reminder: at its next occurrence, in the customer's zone; none when nothing is due. */
export const scheduleReminder = async (reminder: Reminder, zone: string): Promise<void> => {
  const target = reminderTarget(reminder.customer, reminder._id);
  if (!reminder.next_due) return removeSchedule(target);
  await putSchedule(target, { expression: atExpression(reminder.next_due), timezone: zone, enabled: reminder.active });
};

const requireReminder = async (customerId: string, reminderId: string): Promise<Reminder> => {
  const reminder = await getReminder(customerId, reminderId);
  if (!reminder) throw new AppError('not_found');
  return reminder;
};

/** 'Fields name and date are required', then the minimum date of spec 2 §5 in the customer's calendar. */
const assertValid = (input: ParsedInput, zone: string, mode: 'create' | 'edit', previous: Reminder | null): { name: string; reminder_date: string } => {
  const name = input.name?.trim() ?? '';
  const date = input.reminder_date ?? '';
  if (!name || !date) throw new AppError('reminder_fields_required');
  const unchanged = previous !== null && previous.reminder_date === date && previous.type === input.type;
  const minimum = minimumReminderDate(input, { today: localToday(zone), mode });
  if (!unchanged && !isReminderDateAllowed(date, minimum)) throw new AppError('reminder_date_too_early', { details: { minimum } });
  return { name, reminder_date: date };
};

/** The owner a super user names must be one of the customer's users or a super user. */
const settingsOf = (input: ParsedInput) => ({
  message: input.message,
  start: input.start,
  type: input.type,
  period_type: input.period_type,
  period_value: input.period_value,
  active: input.active,
  reset_only_after_validation: input.reset_only_after_validation,
  email: input.email,
  sharing: input.sharing,
});

export const listReminders = async (caller: Caller): Promise<Reminder[]> => listRemindersOfCustomer(customerOf(caller));

export const getReminderOf = (caller: Caller, reminderId: string): Promise<Reminder> => requireReminder(customerOf(caller), reminderId);

/** A new reminder and its schedule; without a schedule there is no reminder (a failure removes it again). */
export const createReminder = async (caller: Caller, input: ParsedInput, language: LanguageKey): Promise<Reminder> => {
  const customerId = customerOf(caller);
  const zone = await zoneOfCustomer(customerId);
  const { name, reminder_date } = assertValid(input, zone, 'create', null);
  const now = new Date().toISOString();
  const settings = settingsOf(input);
  const reminder: Reminder = {
    _id: newId('reminder'),
    customer: customerId,
    user: await ownerOfNewObject(caller, customerId, input.user),
    name,
    reminder_date,
    ...settings,
    language,
    next_due: nextOccurrence(settings, reminder_date, settings.start, localNow(zone)),
    awaiting_reset: false,
    last_fired_at: null,
    created_at: now,
    updated_at: now,
  };
  await putNewReminder(reminder);
  try {
    await scheduleReminder(reminder, zone);
  } catch (error) {
    await deleteReminder(customerId, reminder._id);
    throw error;
  }
  return reminder;
};

/**
 * Saves a reminder and brings its schedule in step. One waiting for a reset keeps waiting: a
 * save does not stand for the validation. Only a super user may hand it to another owner.
 */
export const updateReminderOf = async (caller: Caller, input: ParsedInput & { _id: string }, language: LanguageKey): Promise<Reminder> => {
  const customerId = customerOf(caller);
  const existing = await requireReminder(customerId, input._id);
  const zone = await zoneOfCustomer(customerId);
  const { name, reminder_date } = assertValid(input, zone, 'edit', existing);
  const settings = settingsOf(input);
  const owner = input.user && input.user !== existing.user && isSuperUser(caller) ? await ownerOfNewObject(caller, customerId, input.user) : existing.user;
  const updated: Reminder = {
    ...existing,
    ...settings,
    name,
    reminder_date,
    user: owner,
    language,
    next_due: existing.awaiting_reset ? null : nextOccurrence(settings, reminder_date, settings.start, localNow(zone)),
    updated_at: new Date().toISOString(),
  };
  await saveReminder(updated);
  await scheduleReminder(updated, zone);
  return updated;
};

/** The schedule goes first (nothing fires after), then the reminder; the notifications it made stay. */
export const deleteReminderOf = async (caller: Caller, reminderId: string) => {
  const customerId = customerOf(caller);
  await requireReminder(customerId, reminderId);
  await removeSchedule(reminderTarget(customerId, reminderId));
  await deleteReminder(customerId, reminderId);
  return { deleted: reminderId };
};

/**
 * The validation of a fired reminder (spec 2 §4): it may fire again, at its next occurrence from
 * now, and the notifications it made are done. A reminder that waits for nothing answers
 * `reminder_not_awaiting_reset`, which the web shows translated.
 */
export const resetReminderOf = async (caller: Caller, reminderId: string): Promise<Reminder> => {
  const customerId = customerOf(caller);
  const existing = await requireReminder(customerId, reminderId);
  if (!existing.awaiting_reset) throw new AppError('reminder_not_awaiting_reset');
  const zone = await zoneOfCustomer(customerId);
  const now = new Date();
  const updated: Reminder = {
    ...existing,
    awaiting_reset: false,
    next_due: nextOccurrence(existing, existing.reminder_date, existing.start, localNow(zone, now)),
    updated_at: now.toISOString(),
  };
  await saveReminder(updated);
  await scheduleReminder(updated, zone);
  const made = await listUnreadNotificationsOfReminder(customerId, reminderId);
  await Promise.all(made.map((notification) => markNotificationDone(customerId, notification.user, notification._id, now.toISOString())));
  return updated;
};
