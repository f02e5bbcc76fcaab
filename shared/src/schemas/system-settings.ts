import * as z from 'zod';
import { ACTIONS, CUSTOMER_KEYS } from '../permissions/resource-keys';
import { idSchema } from './common';

/** One role's keys → actions; an unknown key or action, or a system key, is refused. */
export const permissionSetInputSchema = z.partialRecord(z.enum(CUSTOMER_KEYS), z.array(z.enum(ACTIONS)).max(ACTIONS.length));

/** The part of a permission map a customer owns: its two roles (super users' sets are the product's). */
export const customerAclSchema = z.strictObject({ member: permissionSetInputSchema, administrator: permissionSetInputSchema });
export type CustomerAcl = z.infer<typeof customerAclSchema>;

/**
 * How many times a whole-form setting (the permission map, the notification settings) was saved:
 * a form sends back the version it read, and the save is refused (409 `settings_changed`) when
 * someone saved in between, so no one's change is overwritten unseen. 0 until first saved.
 */
export const settingsVersionSchema = z.number().int().min(0);

/** The roles & permissions screen: the customer's map in force, the product defaults to restore, and the map's version. */
export const aclScreenSchema = z.object({ permissions: customerAclSchema, defaults: customerAclSchema, version: settingsVersionSchema });

/** A save of the customer's map: the version it was read at. */
export const customerAclUpdateSchema = customerAclSchema.extend({ version: settingsVersionSchema });
export type CustomerAclUpdate = z.infer<typeof customerAclUpdateSchema>;

/** The kinds of e-mail a customer may turn off; account e-mails (invitations, passwords) always leave. */
export const OPTIONAL_EMAIL_KINDS = ['alerts', 'reminders', 'reports'] as const;
export type OptionalEmailKind = (typeof OPTIONAL_EMAIL_KINDS)[number];
export type EmailKind = OptionalEmailKind | 'account';

/** Minimum reload time of notifications (spec 1 §9): 30 s by default, never less. */
export const MIN_NOTIFICATION_RELOAD_SECONDS = 30;
export const MAX_NOTIFICATION_RELOAD_SECONDS = 3600;

export const notificationSettingsSchema = z.strictObject({
  reload_seconds: z.number().int().min(MIN_NOTIFICATION_RELOAD_SECONDS).max(MAX_NOTIFICATION_RELOAD_SECONDS),
  emails: z.strictObject({ alerts: z.boolean(), reminders: z.boolean(), reports: z.boolean() }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** The notification settings as read and saved: with the version they were read at. */
export const versionedNotificationSettingsSchema = notificationSettingsSchema.extend({ version: settingsVersionSchema });
export type VersionedNotificationSettings = z.infer<typeof versionedNotificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  reload_seconds: MIN_NOTIFICATION_RELOAD_SECONDS,
  emails: { alerts: true, reminders: true, reports: true },
};

/** System configuration (spec 3 §3): who receives the product's administrative e-mails. */
export const systemConfigSettingsSchema = z.strictObject({
  administrators_email: z.array(z.strictObject({ email: z.string().trim().toLowerCase().email().max(254) })).max(50),
  only_custom_administrators_email: z.boolean(),
});
export type SystemConfigSettings = z.infer<typeof systemConfigSettingsSchema>;

/** One row of login analytics: a user, when they last signed in, and whether a browser of theirs is open. */
export const loginAnalyticsRowSchema = z.object({
  _id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  type: z.string(),
  last_login_at: z.string().nullable(),
  login_count: z.number().int(),
});
export type LoginAnalyticsRow = z.infer<typeof loginAnalyticsRowSchema>;

/** A user with at least one open browser in the customer, as pushed in `connectedUsersListReturn`. */
export const connectedUserSchema = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  connections: z.number().int(),
});
export type ConnectedUser = z.infer<typeof connectedUserSchema>;

export const messageToUserSchema = z.strictObject({
  title: z.string().trim().min(1).max(120),
  message: z.string().trim().min(1).max(1000),
  type: z.enum(['success', 'error', 'warning', 'info']),
});
export type MessageToUser = z.infer<typeof messageToUserSchema>;
