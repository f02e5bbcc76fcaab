import {
  DEFAULT_NOTIFICATION_SETTINGS,
  notificationSettingsSchema,
  type EmailKind,
  type NotificationSettings,
} from '@shared/schemas/system-settings';
import { getNotificationSettings as readStored, putNotificationSettings } from '../data/system-repository';
import { AppError } from '../errors';
import { type Caller } from './caller';

/** A customer's notification settings; what is missing or no longer valid falls back to the defaults. */
export const notificationSettingsOf = async (customerId: string): Promise<NotificationSettings> => {
  const stored = await readStored(customerId);
  if (!stored) return DEFAULT_NOTIFICATION_SETTINGS;
  const parsed = notificationSettingsSchema.safeParse({
    reload_seconds: stored.reload_seconds,
    emails: { ...DEFAULT_NOTIFICATION_SETTINGS.emails, ...(stored.emails as object | undefined) },
  });
  return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_SETTINGS;
};

/**
 * Whether the customer's users receive an e-mail of this kind: the one check every sender makes
 * (alerts, reminders, reports and exports). Account e-mails (invitations, password links) always leave.
 */
export const customerReceivesEmail = async (customerId: string | null, kind: EmailKind): Promise<boolean> => {
  if (kind === 'account' || !customerId) return true;
  return (await notificationSettingsOf(customerId)).emails[kind];
};

const workingCustomer = (caller: Caller): string => {
  if (!caller.customerId) throw new AppError('customer_not_found');
  return caller.customerId;
};

export const getNotificationSettings = (caller: Caller): Promise<NotificationSettings> => notificationSettingsOf(workingCustomer(caller));

export const updateNotificationSettings = async (caller: Caller, settings: NotificationSettings): Promise<NotificationSettings> => {
  const customerId = workingCustomer(caller);
  await putNotificationSettings(customerId, settings);
  return notificationSettingsOf(customerId);
};
