import * as z from 'zod';
import {
  applicationInformationSchema,
  backgroundAllowedSchema,
  databaseDumpQuerySchema,
  databaseDumpSchema,
  restartResponseSchema,
  spyAnswerSchema,
  spyReportSchema,
  updateCheckSchema,
  updateStartedSchema,
} from '../../schemas/application';
import { userListsResponseSchema } from '../responses';
import {
  aclScreenSchema,
  customerAclSchema,
  customerAclUpdateSchema,
  loginAnalyticsRowSchema,
  messageToUserSchema,
  systemConfigSettingsSchema,
  versionedNotificationSettingsSchema,
} from '../../schemas/system-settings';
import { route, ANY_SIGNED_IN_USER, byId, type GroupRoutes } from '../define-route';

/** The routes the `application` function serves. */
export const applicationRoutes = {
  updateUsers: route('GET', '/api/v1/application/update-users', 'application', {
    permission: 'app.show_all_customers',
    rootOnly: true,
    response: userListsResponseSchema,
  }),
  // About screen and vendor flow (spec 1 §2.4, §7). Restart, update and the dump are super users'
  // and root's (the system configuration key); the dump is root's alone.
  getApplicationInformation: route('GET', '/api/v1/application/information', 'application', {
    permission: 'app.about',
    response: applicationInformationSchema,
  }),
  forceRestart: route('GET', '/api/v1/application/restart/force_restart', 'application', {
    permission: 'app.settings.system.configuration',
    action: 'edit',
    sideEffect: true,
    response: restartResponseSchema,
  }),
  /** Starts a dump job (or answers the one under way for the same scope). */
  downloadDatabase: route('GET', '/api/v1/database/download', 'application', {
    permission: 'app.settings.system.configuration',
    rootOnly: true,
    sideEffect: true,
    query: databaseDumpQuerySchema,
    response: databaseDumpSchema,
  }),
  /** A dump's progress, and once done its short-lived link. */
  getDatabaseDump: route('GET', '/api/v1/database/dumps/{id}', 'application', {
    permission: 'app.settings.system.configuration',
    rootOnly: true,
    params: byId,
    response: databaseDumpSchema,
  }),
  checkUpdate: route('GET', '/api/v1/application/check-update', 'application', {
    permission: 'app.settings.system.configuration',
    response: updateCheckSchema,
  }),
  forceUpdate: route('GET', '/api/v1/application/force-update', 'application', {
    permission: 'app.settings.system.configuration',
    action: 'edit',
    sideEffect: true,
    response: updateStartedSchema,
  }),
  isBackgroundAllowed: route('GET', '/api/v1/application/is-background-allowed', 'application', {
    permission: 'app.about',
    response: backgroundAllowedSchema,
  }),
  /** Any signed-in browser relays the vendor's answer; only the vendor's verified signature changes the lock. */
  reportSpy: route('PUT', '/api/v1/application/spy', 'application', {
    permission: ANY_SIGNED_IN_USER,
    global: 'vendor-signature',
    body: spyReportSchema,
    response: spyAnswerSchema,
  }),
  // System settings (spec 3 §2, §3, §7): roles & permissions, notification settings, system configuration, login analytics.
  getAcl: route('GET', '/api/v1/application/acl', 'application', { permission: 'app.settings.application.acl', response: aclScreenSchema }),
  updateAcl: route('PUT', '/api/v1/application/acl', 'application', {
    permission: 'app.settings.application.acl',
    action: 'edit',
    body: customerAclUpdateSchema,
    response: aclScreenSchema,
  }),
  /** The product defaults new customers are seeded with: super users and root (they alone hold the system keys). */
  getDefaultAcl: route('GET', '/api/v1/application/acl/defaults', 'application', { permission: 'app.settings.system.configuration', response: customerAclSchema }),
  updateDefaultAcl: route('PUT', '/api/v1/application/acl/defaults', 'application', {
    permission: 'app.settings.system.configuration',
    action: 'edit',
    body: customerAclSchema,
    response: customerAclSchema,
  }),
  /** Every signed-in user reads them: the notification bell reloads at the customer's pace. */
  getNotificationSettings: route('GET', '/api/v1/application/notifications-settings', 'application', {
    permission: ANY_SIGNED_IN_USER,
    response: versionedNotificationSettingsSchema,
  }),
  updateNotificationSettings: route('PUT', '/api/v1/application/notifications-settings', 'application', {
    permission: 'app.settings.application.notifications',
    action: 'edit',
    body: versionedNotificationSettingsSchema,
    response: versionedNotificationSettingsSchema,
  }),
  getSystemConfig: route('GET', '/api/v1/system_config', 'application', { permission: 'app.settings.system.configuration', response: systemConfigSettingsSchema }),
  updateSystemConfig: route('PUT', '/api/v1/system_config', 'application', {
    permission: 'app.settings.system.configuration',
    action: 'edit',
    body: systemConfigSettingsSchema,
    response: systemConfigSettingsSchema,
  }),
  loginAnalytics: route('GET', '/api/v1/application/login-analytics', 'application', {
    permission: 'app.settings.login_analytics',
    response: z.array(loginAnalyticsRowSchema),
  }),
  /** Pushes `messageToDisplay` to every open browser of a user connected in the caller's customer. */
  messageConnectedUser: route('POST', '/api/v1/application/connected-users/{id}/message', 'application', {
    permission: 'app.settings.login_analytics',
    action: 'edit',
    params: byId,
    body: messageToUserSchema,
    response: z.object({ sent: z.number().int() }),
  }),
  /** Pushes `logOutRequestedFromSocket`: the user's browsers end their session. */
  logOutConnectedUser: route('POST', '/api/v1/application/connected-users/{id}/logout', 'application', {
    permission: 'app.settings.login_analytics',
    action: 'edit',
    params: byId,
    response: z.object({ sent: z.number().int() }),
  }),
} satisfies GroupRoutes<'application'>;
