import * as z from 'zod';
import type { OwnedIntent } from '../permissions/ownership';
import type { Action, ResourceKey } from '../permissions/resource-keys';
import { isPremiumKey } from '../permissions/resource-keys';
import { locationSchema } from '../schemas/location';
import { locationInputSchema, locationPositionV1Schema, locationPositionV2Schema } from '../schemas/location-input';
import { notificationDoneSchema, notificationPageParamsSchema, notificationPageSchema, notificationSchema } from '../schemas/notification';
import { reminderDeletionResponseSchema, reminderInputSchema, reminderResetSchema, reminderSchema } from '../schemas/reminder';
import { pointSchema } from '../schemas/point';
import { imageRenameSchema, imageSchema, imageUploadSchema } from '../schemas/image';
import { tabInputSchema, tabSchema } from '../schemas/tab';
import { widgetInputSchema, widgetSchema } from '../schemas/widget';
import { widgetDataRequestSchema, widgetDataSchema } from '../schemas/widget-data';
import { citySearchQuerySchema, weatherAnswerSchema, weatherCitySchema, weatherQuerySchema } from '../schemas/weather';
import {
  ipmvpAggregateRequestSchema,
  pointMergeRequestSchema,
  pointPositionRequestSchema,
  pointSaveRequestSchema,
  technicalIdCheckRequestSchema,
} from '../schemas/point-requests';
import {
  fileListsSchema,
  filePreviewSchema,
  fileRefSchema,
  fileRefsSchema,
  fileRegexSchema,
  fileUploadSchema,
  importFilesSchema,
  meterFileSchema,
} from '../schemas/meter-file';
import { dataIngestRequestSchema, seriesAnswerSchema, seriesQuerySchema } from '../schemas/series';
import {
  sourceDeletionResponseSchema,
  sourceDiscoverySchema,
  sourceFetchStartedSchema,
  sourceInputSchema,
  sourceNameAndFamilySchema,
  sourcePointsRequestSchema,
  sourceSchema,
} from '../schemas/source';
import {
  authenticateRequestSchema,
  autoLoginRequestSchema,
  changeCustomerRequestSchema,
  customizationsSchema,
  loginPayloadSchema,
} from '../schemas/session';
import { profilePictureUploadSchema, profileUpdateSchema, unlockRequestSchema } from '../schemas/profile';
import { languageSchema } from '../languages';
import { idSchema } from '../schemas/common';
import { userSchema } from '../schemas/user';
import {
  acknowledgedSchema,
  forgotPasswordRequestSchema,
  registrationAcceptSchema,
  registrationRequestSchema,
  registrationSchema,
  setPasswordRequestSchema,
  superUserInputSchema,
  superUserUpdateSchema,
  userInputSchema,
  userUpdateSchema,
} from '../schemas/user-admin';
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
} from '../schemas/application';
import {
  alertAcquitAllResponseSchema,
  alertAcquitRequestSchema,
  alertAcquitResponseSchema,
  alertCreateRequestSchema,
  alertDeletionResponseSchema,
  alertEraseResponseSchema,
  alertLogByIdRequestSchema,
  alertLogByIdResponseSchema,
  alertLogParamsSchema,
  alertLogResponseSchema,
  alertLogSummarySchema,
  alertMessageRequestSchema,
  alertMessageResponseSchema,
  alertSchema,
  alertUpdateRequestSchema,
} from '../schemas/alert';
import { ftpDeletionResponseSchema, ftpRetrieverInputSchema, ftpRetrieverSchema, ftpRunResponseSchema } from '../schemas/ftp-retriever';
import {
  smtpConnectionTestRequestSchema,
  smtpSaveRequestSchema,
  smtpSettingsSchema,
  smtpTestAnswerSchema,
  smtpTestMailAnswerSchema,
  smtpTestMailRequestSchema,
} from '../schemas/smtp';
import { customizationNameParamsSchema, customizationUploadSchema } from '../schemas/customization';
import {
  customerAnalyticsSchema,
  customerDeletionResponseSchema,
  customerInformationSchema,
  customerInputSchema,
  customerSchema,
  customerUpdateSchema,
  timezoneEntrySchema,
} from '../schemas/customer';
import { licenseAppliedResponseSchema, licenseStatusSchema, licenseUploadResponseSchema, licenseUploadSchema } from '../schemas/license';
import {
  aclResponseSchema,
  dataDeletionResponseSchema,
  ingestResponseSchema,
  ipmvpAggregateResponseSchema,
  jobResponseSchema,
  locationDeletionResponseSchema,
  locationTreeResponseSchema,
  notificationsReadResponseSchema,
  openApiResponseSchema,
  pointDefinitionsResponseSchema,
  pointDeletionResponseSchema,
  pointWithLastValueSchema,
  pointWithLocationNamesSchema,
  tabDeletionResponseSchema,
  technicalIdCheckResponseSchema,
  userListsResponseSchema,
} from './responses';
import {
  aclScreenSchema,
  customerAclSchema,
  loginAnalyticsRowSchema,
  messageToUserSchema,
  notificationSettingsSchema,
  systemConfigSettingsSchema,
} from '../schemas/system-settings';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One Lambda function serves each group. */
export const ENDPOINT_GROUPS = ['users', 'system', 'application', 'notifications', 'locations', 'points', 'data', 'dashboards', 'images', 'files', 'ftp', 'sources', 'weather', 'reminders', 'alerts', 'email', 'customizations', 'customers'] as const;
export type EndpointGroup = (typeof ENDPOINT_GROUPS)[number];

/** The explicit permission of a signed-in route that any signed-in user may call. */
export const ANY_SIGNED_IN_USER = 'any-signed-in-user' as const;
export type RoutePermission = ResourceKey | typeof ANY_SIGNED_IN_USER;

/** Kinds of owned objects: each carries an owner and `sharing.shared` (see permissions/ownership). */
export const OWNED_KINDS = ['tab', 'widget', 'alert', 'reminder', 'export', 'report', 'subscription'] as const;
export type OwnedKind = (typeof OWNED_KINDS)[number];

/** Where a request names an object: a path parameter or a field of the body. */
export interface IdSource {
  in: 'params' | 'body';
  /** A field name, or a dotted path into the body (`alert._id`). */
  field: string;
}

/**
 * How the ownership step treats a route of owned objects:
 * - `list`: of the answer's array, keeps what the request view shows — unless `container` names
 *   an owned container (a tab), which is then read as a whole once the caller may read it;
 * - `create`: the object is new; when `container` names an owned container, the caller must be
 *   allowed to contribute to it;
 * - `read`, `contribute`, `modify`: loads the object named by `id` and lets the call through only
 *   as the ownership policy decides (404, or 403 `not_allowed`).
 * A container source holding an id of another kind (a location page) is not an owned container.
 */
export interface OwnedRule {
  kind: OwnedKind;
  intent: OwnedIntent | 'list' | 'create';
  id?: IdSource;
  container?: IdSource & { kind: OwnedKind };
}

/** Path parameters and query strings are objects of strings before their schema reads them. */
type StringsSchema = z.ZodType<Record<string, unknown>, Record<string, string | undefined>>;

const NO_PARAMETERS = z.object({});

/** Everything about a route, enforced by the server and read by the web, the API stack and the OpenAPI document. */
export interface RouteDefinition<
  Group extends EndpointGroup = EndpointGroup,
  Body extends z.ZodType = z.ZodType,
  Params extends StringsSchema = StringsSchema,
  Query extends StringsSchema = StringsSchema,
  Response extends z.ZodType = z.ZodType,
> {
  /** Stable name the handler dispatches on: the route's key in `API`. */
  operation: string;
  method: HttpMethod;
  /** Path under the API base, in API Gateway template form (`/api/v1/tabs/{id}`). */
  path: string;
  group: Group;
  /** `public` routes run without the authorizer. */
  access: 'public' | 'signed-in';
  /** The permission key the caller's role must hold, or `ANY_SIGNED_IN_USER`; null only on public routes. */
  permission: RoutePermission | null;
  /** What the caller does on that key: viewing, creating, editing or deleting. */
  action: Action;
  /** Refused with 403 `premium_required` to a customer without the premium licence. */
  premium: boolean;
  /** Only root may call it, whatever the permission map says (spec 1 §6). */
  rootOnly: boolean;
  /** The request body's schema (validated before the handler runs); none for routes without a body. */
  body: Body | null;
  /** The path parameters' schema: a malformed id answers 400 before anything is read. */
  params: Params;
  query: Query;
  /** The schema of `data` in a successful answer. */
  response: Response;
  /** Set on routes of owned objects: the ownership step applies the one policy. */
  owned: OwnedRule | null;
  /** A GET that changes something (restart, update, dump, a licence applied): never called with real data by the route walk. */
  sideEffect: boolean;
}

interface RouteSpec<Body extends z.ZodType | null, Params, Query, Response> {
  body?: Body;
  params?: Params;
  query?: Query;
  response: Response;
  owned?: OwnedRule;
  sideEffect?: boolean;
}

interface SignedInSpec<Body extends z.ZodType | null, Params, Query, Response> extends RouteSpec<Body, Params, Query, Response> {
  permission: RoutePermission;
  action?: Action;
  /** Defaults to whether the permission key is a premium one (spec 1 §6). */
  premium?: boolean;
  rootOnly?: boolean;
}

type Defined<T, Fallback> = [T] extends [undefined] ? Fallback : T;

/** The schemas of a route, with the defaults of what it does not name: no body, no parameters, no query. */
const schemasOf = <Body, Params, Query, Response>(spec: RouteSpec<Body & (z.ZodType | null), Params, Query, Response>) => ({
  body: (spec.body ?? null) as Defined<Body, null>,
  params: (spec.params ?? NO_PARAMETERS) as Defined<Params, typeof NO_PARAMETERS>,
  query: (spec.query ?? NO_PARAMETERS) as Defined<Query, typeof NO_PARAMETERS>,
  response: spec.response,
  owned: spec.owned ?? null,
  sideEffect: spec.sideEffect ?? false,
});

const publicRoute = <
  const Group extends EndpointGroup,
  Body extends z.ZodType | undefined = undefined,
  Params extends StringsSchema | undefined = undefined,
  Query extends StringsSchema | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
>(
  method: HttpMethod,
  path: string,
  group: Group,
  spec: RouteSpec<Body & (z.ZodType | null), Params, Query, Response>,
) => ({
  operation: '',
  method,
  path,
  group,
  access: 'public' as const,
  permission: null,
  action: 'view' as Action,
  premium: false,
  rootOnly: false,
  ...schemasOf<Body, Params, Query, Response>(spec),
});

const route = <
  const Group extends EndpointGroup,
  Body extends z.ZodType | undefined = undefined,
  Params extends StringsSchema | undefined = undefined,
  Query extends StringsSchema | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
>(
  method: HttpMethod,
  path: string,
  group: Group,
  spec: SignedInSpec<Body & (z.ZodType | null), Params, Query, Response>,
) => ({
  operation: '',
  method,
  path,
  group,
  access: 'signed-in' as const,
  permission: spec.permission,
  action: spec.action ?? ('view' as Action),
  premium: spec.premium ?? (spec.permission !== ANY_SIGNED_IN_USER && isPremiumKey(spec.permission)),
  rootOnly: spec.rootOnly ?? false,
  ...schemasOf<Body, Params, Query, Response>(spec),
});

const SETTINGS = { permission: 'app.settings.locations_and_points' } as const;
const DASHBOARD = { permission: 'app.dashboard' } as const;
const FTP = { permission: 'app.settings.ftp' } as const;
const SOURCES = { permission: 'app.settings.sources' } as const;
const ALERTS = { permission: 'app.alerts.view' } as const;
const ALERT_LOG = { permission: 'app.alerts.log' } as const;
const ALERT_HISTORICAL = { permission: 'app.alerts.historical' } as const;
const REMINDERS = { permission: 'app.reminders' } as const;
const NOTIFICATIONS = { permission: 'app.notifications' } as const;
const USERS = { permission: 'app.settings.users' } as const;
const SUPER_USERS = { permission: 'app.settings.su' } as const;
const CUSTOMER_SMTP = { permission: 'app.settings.application.email' } as const;
const SYSTEM_SMTP = { permission: 'app.settings.system.email' } as const;
const CUSTOMIZATION = { permission: 'app.settings.system.customization' } as const;
const CUSTOMERS = { permission: 'app.settings.system.customers' } as const;
const LICENSE = { permission: 'app.settings.system.license' } as const;
const PROFILE = { permission: 'app.settings.profile' } as const;

/** A body sent bare or as `{ data: … }` (spec 1 §7: POST /v1/tabs and /v1/widgets carry `data`). */
const wrapped = <T extends z.ZodObject>(schema: T) =>
  z.preprocess((body) => (typeof body === 'object' && body !== null && 'data' in body ? (body as { data: unknown }).data : body), schema);

const byId = z.object({ id: idSchema });
const FILES = { permission: 'app.settings.files' } as const;
const byRegexp = z.object({ regexp: fileRegexSchema });
const filesStartedSchema = z.object({ started: z.number().int(), files: z.array(idSchema) });
const filesDeletedSchema = z.object({ deleted: z.array(idSchema), in_treatment: z.array(idSchema) });
/** A location id, or `all` and `alone` (points without location). */
const locationSelection = z.object({ locationId: z.union([z.enum(['all', 'alone']), idSchema]) });
/** A bound of a range of values: a date, a date-time, or `none` for an open side. */
const rangeBound = z.union([z.literal('none'), z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.iso.datetime({ offset: true })]);

/** Every route of the REST API (spec 1 §7, spec 2 §7, spec 3 §7), as it grows issue by issue, by operation name. */
const TABLE = {
  authenticate: publicRoute('POST', '/api/v1/users/authenticate', 'users', { body: authenticateRequestSchema, response: loginPayloadSchema }),
  autoLogin: publicRoute('POST', '/api/v1/users/auto_login', 'users', { body: autoLoginRequestSchema, response: loginPayloadSchema }),
  changeCustomer: route('POST', '/api/v1/users/change-customer', 'users', {
    permission: 'app.show_all_customers',
    body: changeCustomerRequestSchema,
    response: loginPayloadSchema,
  }),
  setLastNotificationRead: route('GET', '/api/v1/users/set_last_notification_read', 'users', {
    permission: ANY_SIGNED_IN_USER,
    response: notificationsReadResponseSchema,
  }),
  // Customer users (spec 3 §7 "Users"): administrators of the customer, super users and root.
  listUsers: route('GET', '/api/v1/users', 'users', { ...USERS, response: z.array(userSchema) }),
  getUser: route('GET', '/api/v1/users/{id}', 'users', { ...USERS, params: byId, response: userSchema }),
  createUser: route('POST', '/api/v1/users', 'users', { ...USERS, action: 'create', body: userInputSchema, response: userSchema }),
  updateUser: route('PUT', '/api/v1/users', 'users', { ...USERS, action: 'edit', body: userUpdateSchema, response: userSchema }),
  deleteUser: route('DELETE', '/api/v1/users/{id}', 'users', { ...USERS, action: 'delete', params: byId, response: z.object({ deleted: idSchema }) }),
  // Super users (spec 3 §7 lists the reads; the writes are ours): super users and root.
  listSuperUsers: route('GET', '/api/v1/su', 'users', { ...SUPER_USERS, response: z.array(userSchema) }),
  getSuperUser: route('GET', '/api/v1/su/{id}', 'users', { ...SUPER_USERS, params: byId, response: userSchema }),
  createSuperUser: route('POST', '/api/v1/su', 'users', { ...SUPER_USERS, action: 'create', body: superUserInputSchema, response: userSchema }),
  updateSuperUser: route('PUT', '/api/v1/su', 'users', { ...SUPER_USERS, action: 'edit', body: superUserUpdateSchema, response: userSchema }),
  deleteSuperUser: route('DELETE', '/api/v1/su/{id}', 'users', { ...SUPER_USERS, action: 'delete', params: byId, response: z.object({ deleted: idSchema }) }),
  // Registrations wait for root or a super user to accept them into a customer (or refuse them).
  listRegistrations: route('GET', '/api/v1/registrations', 'users', { ...SUPER_USERS, response: z.array(registrationSchema) }),
  acceptRegistration: route('POST', '/api/v1/registrations/{id}/accept', 'users', {
    ...SUPER_USERS,
    action: 'create',
    params: byId,
    body: registrationAcceptSchema,
    response: userSchema,
  }),
  refuseRegistration: route('DELETE', '/api/v1/registrations/{id}', 'users', { ...SUPER_USERS, action: 'delete', params: byId, response: z.object({ deleted: idSchema }) }),
  // Public account screens: their answers never tell whether an e-mail is known.
  register: publicRoute('POST', '/api/v1/users/register', 'users', { body: registrationRequestSchema, response: acknowledgedSchema }),
  forgotPassword: publicRoute('POST', '/api/v1/users/forgot-password', 'users', { body: forgotPasswordRequestSchema, response: acknowledgedSchema }),
  setPassword: publicRoute('POST', '/api/v1/users/set-password', 'users', { body: setPasswordRequestSchema, response: z.object({ email: z.string() }) }),
  getCustomizations: publicRoute('GET', '/api/v1/system/customizations', 'customizations', { response: customizationsSchema }),
  // Profile (spec 3 §5): every user edits their own; the lock screen unlocks with the password (spec 1 §2.1).
  updateProfile: route('PUT', '/api/v1/users/profile', 'users', { ...PROFILE, action: 'edit', body: profileUpdateSchema, response: userSchema }),
  uploadProfilePicture: route('POST', '/api/v1/users/profile/picture', 'users', {
    ...PROFILE,
    action: 'edit',
    body: profilePictureUploadSchema,
    response: userSchema,
  }),
  deleteProfilePicture: route('DELETE', '/api/v1/users/profile/picture', 'users', { ...PROFILE, action: 'edit', response: userSchema }),
  unlock: route('POST', '/api/v1/users/unlock', 'users', { permission: ANY_SIGNED_IN_USER, body: unlockRequestSchema, response: loginPayloadSchema }),
  listLanguages: publicRoute('GET', '/api/v1/languages', 'system', { response: z.array(languageSchema) }),
  getAnonymousAcl: publicRoute('GET', '/api/v1/acl', 'system', { response: aclResponseSchema }),
  getOpenApiDocument: publicRoute('GET', '/api/v1/openapi.json', 'system', { response: openApiResponseSchema }),
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
  downloadDatabase: route('GET', '/api/v1/database/download', 'application', {
    permission: 'app.settings.system.configuration',
    rootOnly: true,
    sideEffect: true,
    query: databaseDumpQuerySchema,
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
  reportSpy: route('PUT', '/api/v1/application/spy', 'application', {
    permission: ANY_SIGNED_IN_USER,
    body: spyReportSchema,
    response: spyAnswerSchema,
  }),
  // System settings (spec 3 §2, §3, §7): roles & permissions, notification settings, system configuration, login analytics.
  getAcl: route('GET', '/api/v1/application/acl', 'application', { permission: 'app.settings.application.acl', response: aclScreenSchema }),
  updateAcl: route('PUT', '/api/v1/application/acl', 'application', {
    permission: 'app.settings.application.acl',
    action: 'edit',
    body: customerAclSchema,
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
    response: notificationSettingsSchema,
  }),
  updateNotificationSettings: route('PUT', '/api/v1/application/notifications-settings', 'application', {
    permission: 'app.settings.application.notifications',
    action: 'edit',
    body: notificationSettingsSchema,
    response: notificationSettingsSchema,
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

  // Notifications (spec 2 §7): not premium.
  listUnreadNotifications: route('GET', '/api/v1/notifications/unread', 'notifications', {
    ...NOTIFICATIONS,
    response: z.object({ new: z.array(notificationSchema) }),
  }),
  listNotifications: route('GET', '/api/v1/notifications/{skip}/{limit}', 'notifications', {
    ...NOTIFICATIONS,
    params: notificationPageParamsSchema,
    response: notificationPageSchema,
  }),
  markNotificationDone: route('PUT', '/api/v1/notifications/done', 'notifications', {
    ...NOTIFICATIONS,
    action: 'edit',
    body: notificationDoneSchema,
    response: notificationSchema,
  }),

  listLocations: route('GET', '/api/v2/locations', 'locations', { permission: ANY_SIGNED_IN_USER, response: locationTreeResponseSchema }),
  createLocation: route('POST', '/api/v2/locations', 'locations', { ...SETTINGS, action: 'create', body: locationInputSchema, response: locationSchema }),
  updateLocation: route('PUT', '/api/v2/locations', 'locations', { ...SETTINGS, action: 'edit', body: locationInputSchema, response: locationSchema }),
  updateLocationV1: route('PUT', '/api/v1/locations', 'locations', { ...SETTINGS, action: 'edit', body: locationInputSchema, response: locationSchema }),
  positionLocations: route('PUT', '/api/v2/locations/position', 'locations', {
    ...SETTINGS,
    action: 'edit',
    body: locationPositionV2Schema,
    response: z.array(locationSchema),
  }),
  positionLocationsV1: route('PUT', '/api/v1/locations/position', 'locations', {
    ...SETTINGS,
    action: 'edit',
    body: locationPositionV1Schema,
    response: z.array(locationSchema),
  }),
  deleteLocation: route('DELETE', '/api/v1/locations/{id}', 'locations', {
    ...SETTINGS,
    action: 'delete',
    params: byId,
    response: locationDeletionResponseSchema,
  }),
  listPointsWithoutLocation: route('GET', '/api/v1/locations/points/alone', 'locations', {
    permission: ANY_SIGNED_IN_USER,
    response: z.array(pointSchema),
  }),
  listPointsOfLocation: route('GET', '/api/v1/locations/points/{locationId}', 'locations', {
    permission: ANY_SIGNED_IN_USER,
    params: z.object({ locationId: idSchema }),
    response: z.array(pointSchema),
  }),

  pointDefinitions: route('GET', '/api/v1/points/definitions', 'points', { permission: ANY_SIGNED_IN_USER, response: pointDefinitionsResponseSchema }),
  listPointsOfSelection: route('GET', '/api/v2/points/get-all/{locationId}', 'points', {
    permission: ANY_SIGNED_IN_USER,
    params: locationSelection,
    response: z.array(pointSchema),
  }),
  listPoints: route('GET', '/api/v1/points', 'points', { permission: ANY_SIGNED_IN_USER, response: z.array(pointSchema) }),
  listPointsWithLocationNames: route('GET', '/api/v1/points/get-all-with-locations-name', 'points', {
    permission: ANY_SIGNED_IN_USER,
    response: z.array(pointWithLocationNamesSchema),
  }),
  listPointsForManualEntry: route('GET', '/api/v1/points/data/{locationId}', 'points', {
    permission: 'app.manual_entry',
    params: z.object({ locationId: z.union([z.literal('alone'), idSchema]) }),
    response: z.array(pointWithLastValueSchema),
  }),
  createPoint: route('POST', '/api/v1/points', 'points', { ...SETTINGS, action: 'create', body: pointSaveRequestSchema, response: pointSchema }),
  updatePoint: route('PUT', '/api/v1/points', 'points', { ...SETTINGS, action: 'edit', body: pointSaveRequestSchema, response: pointSchema }),
  checkTechnicalId: route('POST', '/api/v1/points/check-unique-technical-id', 'points', {
    ...SETTINGS,
    body: technicalIdCheckRequestSchema,
    response: technicalIdCheckResponseSchema,
  }),
  positionPoints: route('PUT', '/api/v1/points/position', 'points', {
    ...SETTINGS,
    action: 'edit',
    body: pointPositionRequestSchema,
    response: z.array(pointSchema),
  }),
  mergePoints: route('PUT', '/api/v1/points/merge', 'points', { ...SETTINGS, action: 'edit', body: pointMergeRequestSchema, response: jobResponseSchema }),
  deletePoint: route('DELETE', '/api/v1/points/{id}', 'points', { ...SETTINGS, action: 'delete', params: byId, response: pointDeletionResponseSchema }),

  ingestData: route('POST', '/api/v1/data', 'data', {
    permission: 'app.manual_entry',
    action: 'create',
    body: dataIngestRequestSchema,
    response: ingestResponseSchema,
  }),
  deleteData: route('DELETE', '/api/v2/data/{pointId}/{from}/{to}', 'data', {
    ...SETTINGS,
    action: 'delete',
    params: z.object({ pointId: idSchema, from: rangeBound, to: rangeBound }),
    response: dataDeletionResponseSchema,
  }),
  querySeries: route('POST', '/api/v1/series/query', 'data', { permission: 'app.dashboard', body: seriesQuerySchema, response: seriesAnswerSchema }),
  aggregateIpmvp: route('POST', '/api/v1/data/aggregate/IPMVP', 'data', {
    permission: 'app.dashboard',
    body: ipmvpAggregateRequestSchema,
    response: ipmvpAggregateResponseSchema,
  }),

  // Files processing (spec 3 §7 "Files"): meter files that came in, their imports and previews.
  listFiles: route('GET', '/api/v1/data/not-treated-files', 'files', { ...FILES, response: fileListsSchema }),
  filesMatching: route('GET', '/api/v1/data/files/{regexp}', 'files', { ...FILES, params: byRegexp, response: z.array(meterFileSchema) }),
  startFilesBatch: route('PUT', '/api/v1/data/files/{regexp}', 'files', { ...FILES, action: 'edit', params: byRegexp, response: filesStartedSchema }),
  importNotTreatedFiles: route('PUT', '/api/v1/data/not-treated-files', 'files', { ...FILES, action: 'edit', body: importFilesSchema, response: filesStartedSchema }),
  deleteFiles: route('PUT', '/api/v1/data/delete-files', 'files', { ...FILES, action: 'delete', body: fileRefsSchema, response: filesDeletedSchema }),
  deleteFile: route('PUT', '/api/v1/data/delete-file', 'files', { ...FILES, action: 'delete', body: fileRefSchema, response: filesDeletedSchema }),
  reImportFile: route('PUT', '/api/v1/data/re-import', 'files', { ...FILES, action: 'edit', body: fileRefSchema, response: filesStartedSchema }),
  previewFile: route('PUT', '/api/v1/data/files-preview', 'files', { ...FILES, body: fileRefSchema, response: filePreviewSchema }),
  uploadFile: route('POST', '/api/v1/data/upload-file', 'files', { ...FILES, action: 'create', body: fileUploadSchema, response: meterFileSchema }),
  fileRejects: route('GET', '/api/v1/data/file-rejects/{id}', 'files', { ...FILES, params: byId, response: z.object({ url: z.string(), name: z.string() }) }),

  listTabs: route('GET', '/api/v1/tabs', 'dashboards', { ...DASHBOARD, response: z.array(tabSchema), owned: { kind: 'tab', intent: 'list' } }),
  getTab: route('GET', '/api/v1/tabs/{id}', 'dashboards', {
    ...DASHBOARD,
    params: byId,
    response: tabSchema,
    owned: { kind: 'tab', intent: 'read', id: { in: 'params', field: 'id' } },
  }),
  createTab: route('POST', '/api/v1/tabs', 'dashboards', { ...DASHBOARD, action: 'create', body: wrapped(tabInputSchema), response: tabSchema }),
  updateTab: route('PUT', '/api/v1/tabs', 'dashboards', {
    ...DASHBOARD,
    action: 'edit',
    body: wrapped(tabInputSchema.extend({ _id: idSchema })),
    response: tabSchema,
    owned: { kind: 'tab', intent: 'modify', id: { in: 'body', field: '_id' } },
  }),
  deleteTab: route('DELETE', '/api/v1/tabs/{id}', 'dashboards', {
    ...DASHBOARD,
    action: 'delete',
    params: byId,
    response: tabDeletionResponseSchema,
    owned: { kind: 'tab', intent: 'modify', id: { in: 'params', field: 'id' } },
  }),
  listDashboardWidgets: route('GET', '/api/v1/widgets', 'dashboards', {
    ...DASHBOARD,
    response: z.array(widgetSchema),
    owned: { kind: 'widget', intent: 'list' },
  }),
  /** `{id}` names a tab or a location page (ids say their kind). */
  listWidgetsOfPage: route('GET', '/api/v1/widgets/{id}', 'dashboards', {
    ...DASHBOARD,
    params: byId,
    response: z.array(widgetSchema),
    owned: { kind: 'widget', intent: 'list', container: { kind: 'tab', in: 'params', field: 'id' } },
  }),
  createWidget: route('POST', '/api/v1/widgets', 'dashboards', {
    ...DASHBOARD,
    action: 'create',
    body: wrapped(widgetInputSchema),
    response: widgetSchema,
    owned: { kind: 'widget', intent: 'create', container: { kind: 'tab', in: 'body', field: 'location' } },
  }),
  updateWidget: route('PUT', '/api/v1/widgets', 'dashboards', {
    ...DASHBOARD,
    action: 'edit',
    body: wrapped(widgetInputSchema.extend({ _id: idSchema })),
    response: widgetSchema,
    owned: { kind: 'widget', intent: 'modify', id: { in: 'body', field: '_id' } },
  }),
  widgetData: route('POST', '/api/v1/widgets/data', 'dashboards', { ...DASHBOARD, body: widgetDataRequestSchema, response: widgetDataSchema }),
  deleteWidget: route('DELETE', '/api/v1/widgets/{id}', 'dashboards', {
    ...DASHBOARD,
    action: 'delete',
    params: byId,
    response: z.object({ deleted: idSchema }),
    owned: { kind: 'widget', intent: 'modify', id: { in: 'params', field: 'id' } },
  }),

  listImages: route('GET', '/api/v1/images', 'images', { ...DASHBOARD, response: z.array(imageSchema) }),
  getImage: route('GET', '/api/v1/images/{id}', 'images', { ...DASHBOARD, params: byId, response: imageSchema }),
  uploadImage: route('POST', '/api/v1/images', 'images', { ...DASHBOARD, action: 'create', body: imageUploadSchema, response: imageSchema }),
  renameImage: route('PUT', '/api/v1/images', 'images', { ...DASHBOARD, action: 'edit', body: imageRenameSchema, response: imageSchema }),
  deleteImage: route('DELETE', '/api/v1/images/{id}', 'images', { ...DASHBOARD, action: 'delete', params: byId, response: z.object({ deleted: idSchema }) }),

  // FTP and SFTP retrievers (spec 3 §7 "FTP").
  listFtpRetrievers: route('GET', '/api/v1/ftp', 'ftp', { ...FTP, response: z.array(ftpRetrieverSchema) }),
  getFtpRetriever: route('GET', '/api/v1/ftp/{id}', 'ftp', { ...FTP, params: byId, response: ftpRetrieverSchema }),
  createFtpRetriever: route('POST', '/api/v1/ftp', 'ftp', { ...FTP, action: 'create', body: ftpRetrieverInputSchema, response: ftpRetrieverSchema }),
  updateFtpRetriever: route('PUT', '/api/v1/ftp/{id}', 'ftp', { ...FTP, action: 'edit', params: byId, body: ftpRetrieverInputSchema, response: ftpRetrieverSchema }),
  deleteFtpRetriever: route('DELETE', '/api/v1/ftp/{id}', 'ftp', { ...FTP, action: 'delete', params: byId, response: ftpDeletionResponseSchema }),
  /** 'Retrieve now': starts the retrieval the schedule would, without waiting for it. */
  runFtpRetriever: route('POST', '/api/v1/ftp/{id}/run', 'ftp', { ...FTP, action: 'edit', params: byId, response: ftpRunResponseSchema }),

  // Data sources (spec 3 §7 "Sources"): the list, a source, its discovery at the provider and the points it proposes.
  listSources: route('GET', '/api/v1/sources', 'sources', { ...SOURCES, response: z.array(sourceSchema) }),
  getSource: route('GET', '/api/v1/sources/{id}', 'sources', { ...SOURCES, params: byId, response: sourceSchema }),
  createSource: route('POST', '/api/v1/sources', 'sources', { ...SOURCES, action: 'create', body: sourceNameAndFamilySchema, response: sourceSchema }),
  createConfigurableSource: route('POST', '/api/v1/sources/custom', 'sources', { ...SOURCES, action: 'create', body: sourceInputSchema, response: sourceSchema }),
  updateSource: route('PUT', '/api/v1/sources/{id}', 'sources', { ...SOURCES, action: 'edit', params: byId, body: sourceInputSchema, response: sourceSchema }),
  deleteSource: route('DELETE', '/api/v1/sources/{id}', 'sources', { ...SOURCES, action: 'delete', params: byId, response: sourceDeletionResponseSchema }),
  discoverSource: route('POST', '/api/v1/sources/{id}/discover', 'sources', { ...SOURCES, action: 'edit', params: byId, response: sourceDiscoverySchema }),
  createSourcePoints: route('POST', '/api/v1/sources/{id}/points', 'sources', {
    permission: 'app.settings.locations_and_points',
    action: 'create',
    params: byId,
    body: sourcePointsRequestSchema,
    response: z.object({ created: z.array(pointSchema), skipped: z.array(z.string()) }),
  }),
  fetchSource: route('POST', '/api/v1/sources/{id}/fetch', 'sources', { ...SOURCES, action: 'edit', params: byId, response: sourceFetchStartedSchema }),

  // Alerts (spec 2 §7 "Alerts"): premium through their permission keys; owned objects.
  listAlerts: route('GET', '/api/v1/alerts', 'alerts', { ...ALERTS, response: z.array(alertSchema), owned: { kind: 'alert', intent: 'list' } }),
  getAlert: route('GET', '/api/v1/alerts/{id}', 'alerts', {
    ...ALERTS,
    params: byId,
    response: alertSchema,
    owned: { kind: 'alert', intent: 'read', id: { in: 'params', field: 'id' } },
  }),
  createAlert: route('POST', '/api/v1/alerts', 'alerts', {
    ...ALERTS,
    action: 'create',
    body: alertCreateRequestSchema,
    response: alertSchema,
    owned: { kind: 'alert', intent: 'create' },
  }),
  updateAlert: route('PUT', '/api/v1/alerts', 'alerts', {
    ...ALERTS,
    action: 'edit',
    body: alertUpdateRequestSchema,
    response: alertSchema,
    owned: { kind: 'alert', intent: 'modify', id: { in: 'body', field: 'alert._id' } },
  }),
  deleteAlert: route('DELETE', '/api/v1/alerts/{id}', 'alerts', {
    ...ALERTS,
    action: 'delete',
    params: byId,
    response: alertDeletionResponseSchema,
    owned: { kind: 'alert', intent: 'modify', id: { in: 'params', field: 'id' } },
  }),
  // The alert log and historical (acquitted entries).
  alertLogSummary: route('GET', '/api/v1/alerts/log-summary', 'alerts', {
    ...ALERT_LOG,
    response: z.array(alertLogSummarySchema),
    owned: { kind: 'alert', intent: 'list' },
  }),
  alertHistoricalSummary: route('GET', '/api/v1/alerts/historical-summary', 'alerts', {
    ...ALERT_HISTORICAL,
    response: z.array(alertLogSummarySchema),
    owned: { kind: 'alert', intent: 'list' },
  }),
  alertLog: route('GET', '/api/v1/alerts/log/{period}/{alertId}/non_acquitted', 'alerts', {
    ...ALERT_LOG,
    params: alertLogParamsSchema,
    response: alertLogResponseSchema,
    owned: { kind: 'alert', intent: 'read', id: { in: 'params', field: 'alertId' } },
  }),
  alertHistoricalLog: route('GET', '/api/v1/alerts/log/{period}/{alertId}/acquitted', 'alerts', {
    ...ALERT_HISTORICAL,
    params: alertLogParamsSchema,
    response: alertLogResponseSchema,
    owned: { kind: 'alert', intent: 'read', id: { in: 'params', field: 'alertId' } },
  }),
  /** Log entries by id: each entry's alert is checked by the ownership policy in the service (ids name their alert). */
  alertLogById: route('PUT', '/api/v1/alerts/log/byId', 'alerts', { ...ALERT_LOG, body: alertLogByIdRequestSchema, response: alertLogByIdResponseSchema }),
  acquitAlertLog: route('PUT', '/api/v1/alerts/acquit-log', 'alerts', { ...ALERT_LOG, action: 'edit', body: alertAcquitRequestSchema, response: alertAcquitResponseSchema }),
  acquitAllAlertLog: route('PUT', '/api/v1/alerts/acquit-all-log', 'alerts', {
    ...ALERT_LOG,
    action: 'edit',
    body: alertAcquitRequestSchema,
    response: alertAcquitAllResponseSchema,
    owned: { kind: 'alert', intent: 'contribute', id: { in: 'body', field: 'alert.id' } },
  }),
  addAlertLogMessage: route('PUT', '/api/v1/alerts/add-message-log', 'alerts', {
    ...ALERT_LOG,
    action: 'edit',
    body: alertMessageRequestSchema,
    response: alertMessageResponseSchema,
  }),
  addAlertLogMessageToAll: route('PUT', '/api/v1/alerts/add-message-all-log', 'alerts', {
    ...ALERT_LOG,
    action: 'edit',
    body: alertMessageRequestSchema,
    response: alertMessageResponseSchema,
    owned: { kind: 'alert', intent: 'contribute', id: { in: 'body', field: 'alert.id' } },
  }),
  eraseAlertFromLog: route('GET', '/api/v1/alerts/erase-from-log/{alertId}', 'alerts', {
    ...ALERT_LOG,
    action: 'delete',
    params: z.object({ alertId: idSchema }),
    response: alertEraseResponseSchema,
    owned: { kind: 'alert', intent: 'modify', id: { in: 'params', field: 'alertId' } },
  }),
  // Reminders (spec 2 §7): premium, owned objects.
  listReminders: route('GET', '/api/v1/reminders', 'reminders', { ...REMINDERS, response: z.array(reminderSchema), owned: { kind: 'reminder', intent: 'list' } }),
  getReminder: route('GET', '/api/v1/reminders/{id}', 'reminders', {
    ...REMINDERS,
    params: byId,
    response: reminderSchema,
    owned: { kind: 'reminder', intent: 'read', id: { in: 'params', field: 'id' } },
  }),
  createReminder: route('POST', '/api/v1/reminders', 'reminders', {
    ...REMINDERS,
    action: 'create',
    body: reminderInputSchema,
    response: reminderSchema,
    owned: { kind: 'reminder', intent: 'create' },
  }),
  updateReminder: route('PUT', '/api/v1/reminders', 'reminders', {
    ...REMINDERS,
    action: 'edit',
    body: reminderInputSchema.extend({ _id: idSchema }),
    response: reminderSchema,
    owned: { kind: 'reminder', intent: 'modify', id: { in: 'body', field: '_id' } },
  }),
  /** Lets a fired reminder that waits for validation fire again (spec 2 §4). */
  resetReminder: route('PUT', '/api/v1/reminders/reset', 'reminders', {
    ...REMINDERS,
    action: 'edit',
    body: reminderResetSchema,
    response: reminderSchema,
    owned: { kind: 'reminder', intent: 'read', id: { in: 'body', field: '_id' } },
  }),
  deleteReminder: route('DELETE', '/api/v1/reminders/{id}', 'reminders', {
    ...REMINDERS,
    action: 'delete',
    params: byId,
    response: reminderDeletionResponseSchema,
    owned: { kind: 'reminder', intent: 'modify', id: { in: 'params', field: 'id' } },
  }),

  // Customers (spec 3 §7): super users and root.
  listCustomerTimezones: route('GET', '/api/v1/customers/timezone', 'customers', { permission: ANY_SIGNED_IN_USER, response: z.array(timezoneEntrySchema) }),
  getCustomerInformation: route('GET', '/api/v1/customers/information', 'customers', { permission: ANY_SIGNED_IN_USER, response: customerInformationSchema }),
  getCustomerAnalytics: route('GET', '/api/v1/customers/analytics', 'customers', { ...CUSTOMERS, response: customerAnalyticsSchema }),
  listCustomers: route('GET', '/api/v1/customers', 'customers', { ...CUSTOMERS, response: z.array(customerSchema) }),
  getCustomer: route('GET', '/api/v1/customers/{id}', 'customers', { ...CUSTOMERS, params: byId, response: customerSchema }),
  createCustomer: route('POST', '/api/v1/customers', 'customers', { ...CUSTOMERS, action: 'create', body: customerInputSchema, response: customerSchema }),
  updateCustomer: route('PUT', '/api/v1/customers', 'customers', { ...CUSTOMERS, action: 'edit', body: customerUpdateSchema, response: customerSchema }),
  deleteCustomer: route('DELETE', '/api/v1/customers/{id}', 'customers', {
    ...CUSTOMERS,
    action: 'delete',
    params: byId,
    response: customerDeletionResponseSchema,
  }),
  // The licence (spec 3 §7): seen by super users, installed by root only.
  getLicense: route('GET', '/api/v1/system_license', 'customers', { ...LICENSE, response: licenseStatusSchema }),
  uploadLicense: route('POST', '/api/v1/system_license', 'customers', {
    ...LICENSE,
    action: 'create',
    rootOnly: true,
    body: licenseUploadSchema,
    response: licenseUploadResponseSchema,
  }),
  applyNewLicense: route('GET', '/api/v1/application/restart/new_license', 'customers', {
    ...LICENSE,
    action: 'edit',
    rootOnly: true,
    sideEffect: true,
    response: licenseAppliedResponseSchema,
  }),

  // Weather is public knowledge, yet only signed-in users may have the product ask for it.
  getWeather: route('GET', '/api/v1/weather', 'weather', { permission: ANY_SIGNED_IN_USER, query: weatherQuerySchema, response: weatherAnswerSchema }),
  searchWeatherCities: route('GET', '/api/v1/weather/cities', 'weather', {
    permission: ANY_SIGNED_IN_USER,
    query: citySearchQuerySchema,
    response: z.array(weatherCitySchema),
  }),

  // SMTP settings (spec 3 §7 "SMTP"): the customer's own server (administrators) and the product's (super users, root).
  getCustomerSmtp: route('GET', '/api/v1/email', 'email', { ...CUSTOMER_SMTP, response: smtpSettingsSchema.nullable() }),
  saveCustomerSmtp: route('POST', '/api/v1/email', 'email', { ...CUSTOMER_SMTP, action: 'edit', body: smtpSaveRequestSchema, response: smtpSettingsSchema }),
  getSystemSmtp: route('GET', '/api/v1/system/email', 'email', { ...SYSTEM_SMTP, response: smtpSettingsSchema.nullable() }),
  saveSystemSmtp: route('POST', '/api/v1/system/email', 'email', { ...SYSTEM_SMTP, action: 'edit', body: smtpSaveRequestSchema, response: smtpSettingsSchema }),
  testSmtpConnection: route('POST', '/api/v1/email/test/smtp', 'email', { ...CUSTOMER_SMTP, body: smtpConnectionTestRequestSchema, response: smtpTestAnswerSchema }),
  sendSmtpTestMail: route('POST', '/api/v1/email/test', 'email', { ...CUSTOMER_SMTP, body: smtpTestMailRequestSchema, response: smtpTestMailAnswerSchema }),

  // Customization (spec 3 §7 "System"): the logo and the background image; reading them is public (sign-in screen).
  uploadCustomizationLogo: route('POST', '/api/v1/system/customizations/logo', 'customizations', {
    ...CUSTOMIZATION,
    action: 'edit',
    body: customizationUploadSchema,
    response: customizationsSchema,
  }),
  uploadCustomizationBackground: route('POST', '/api/v1/system/customizations/background_image', 'customizations', {
    ...CUSTOMIZATION,
    action: 'edit',
    body: customizationUploadSchema,
    response: customizationsSchema,
  }),
  deleteCustomization: route('DELETE', '/api/v1/system/customizations/{name}', 'customizations', {
    ...CUSTOMIZATION,
    action: 'delete',
    params: customizationNameParamsSchema,
    response: customizationsSchema,
  }),
};

type Table = typeof TABLE;
export type OperationName = keyof Table;

/** The route table by operation name; `operation` is the key. */
export const API = Object.fromEntries(Object.entries(TABLE).map(([operation, entry]) => [operation, { ...entry, operation }])) as {
  [Name in OperationName]: Table[Name] & { operation: Name };
};

/** Every route of the REST API, as a list. */
export const ROUTES: readonly RouteDefinition[] = Object.values(API) as unknown as RouteDefinition[];

/** The operations one group's function serves. */
export type OperationsOf<Group extends EndpointGroup> = {
  [Name in OperationName]: Table[Name]['group'] extends Group ? Name : never;
}[OperationName];

export const routesOfGroup = (group: EndpointGroup): RouteDefinition[] => ROUTES.filter((candidate) => candidate.group === group);

export const routeKey = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;

/** The names of a path template's parameters (`/api/v2/data/{pointId}/{from}/{to}` → pointId, from, to). */
export const pathParameterNames = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);

/** A path with its parameters filled in (each encoded). */
export const fillPath = (path: string, params: Record<string, string>): string =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(value);
  });
