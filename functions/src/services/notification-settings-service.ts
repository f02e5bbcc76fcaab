import {
  DEFAULT_NOTIFICATION_SETTINGS,
  notificationSettingsSchema,
  type EmailKind,
  type NotificationSettings,
  type VersionedNotificationSettings,
} from '@shared/schemas/system-settings';
import { getNotificationSettings as readStored, replaceNotificationSettings } from '../data/system-repository';
import { AppError } from '../errors';
import { type Caller } from './caller';

/** A customer's notification settings; what is missing or no longer valid falls back to the defaults. */
export const notificationSettingsOf = async (customerId: string): Promise<NotificationSettings> => {
  const { version: _version, ...settings } = await versionedSettingsOf(customerId);
  return settings;
};

/** The settings with how many times they were saved (0: never). */
const versionedSettingsOf = async (customerId: string): Promise<VersionedNotificationSettings> => {
  const stored = await readStored(customerId);
  if (!stored) return { ...DEFAULT_NOTIFICATION_SETTINGS, version: 0 };
  const version = typeof stored.version === 'number' ? stored.version : 0;
  const parsed = notificationSettingsSchema.safeParse({
    reload_seconds: stored.reload_seconds,
    emails: { ...DEFAULT_NOTIFICATION_SETTINGS.emails, ...(stored.emails as object | undefined) },
  });
  return { ...(parsed.success ? parsed.data : DEFAULT_NOTIFICATION_SETTINGS), version };
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

export const getNotificationSettings = (caller: Caller): Promise<VersionedNotificationSettings> => versionedSettingsOf(workingCustomer(caller));

/** Replaces the settings if no one saved them since they were read (else 409 `settings_changed`, nothing written). */
export const updateNotificationSettings = async (caller: Caller, { version, ...settings }: VersionedNotificationSettings): Promise<VersionedNotificationSettings> => {
  const customerId = workingCustomer(caller);
  if (!(await replaceNotificationSettings(customerId, settings, version))) throw new AppError('settings_changed');
  return versionedSettingsOf(customerId);
};
