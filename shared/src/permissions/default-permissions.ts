import type { Role } from './roles';
import { CUSTOMER_ROLES } from './roles';
import type { Action, ResourceKey } from './resource-keys';
import { RESOURCE_KEYS } from './resource-keys';

export type PermissionSet = Partial<Record<ResourceKey, Action[]>>;
/** Permissions as they travel with the login: role name → resource key → actions (spec 1 §6). */
export type PermissionMap = Record<Role, PermissionSet>;

const ALL: Action[] = ['view', 'create', 'edit', 'delete'];
const VIEW: Action[] = ['view'];

const grant = (keys: readonly ResourceKey[], actions: Action[]): PermissionSet =>
  Object.fromEntries(keys.map((key) => [key, [...actions]]));

const MEMBER_KEYS: ResourceKey[] = [
  'app.dashboard',
  'app.locations',
  'app.maplytics',
  'app.manual_entry',
  'app.notifications',
  'app.reports',
  'app.reports.models',
  'app.reports.subscriptions',
  'app.alerts',
  'app.alerts.view',
  'app.alerts.log',
  'app.alerts.historical',
  'app.reminders',
  'app.exports',
  'app.settings',
  'app.settings.profile',
  'app.about',
];

const ADMINISTRATOR_KEYS: ResourceKey[] = [
  ...MEMBER_KEYS,
  'app.settings.locations_and_points',
  'app.settings.users',
  'app.settings.application.email',
  'app.settings.application.acl',
  'app.settings.application.notifications',
  'app.settings.sources',
  'app.settings.ftp',
  'app.settings.files',
];

/**
 * The sets seeded for each role. Members see and use the customer's screens; administrators also
 * administer the customer; super users and root hold every key, including the system group and
 * the customer selector.
 */
export const DEFAULT_PERMISSIONS: PermissionMap = {
  member: grant(MEMBER_KEYS, ALL),
  administrator: grant(ADMINISTRATOR_KEYS, ALL),
  super_administrator: grant(RESOURCE_KEYS, ALL),
  root_administrator: grant(RESOURCE_KEYS, ALL),
};

/** What an anonymous visitor may see: the public screens only. */
export const ANONYMOUS_PERMISSIONS: PermissionSet = { 'app.about': VIEW };

const customerRolesOf = (stored: Partial<PermissionMap> | null | undefined): Partial<PermissionMap> =>
  Object.fromEntries(CUSTOMER_ROLES.flatMap((role) => (stored?.[role] ? [[role, stored[role]]] : [])));

/**
 * The permission map in force in a customer: the customer's own sets for its roles (member,
 * administrator), else the product defaults stored by super users, else the built-in ones; super
 * users' sets are the product's, never a customer's.
 */
export const permissionMapInCustomer = (stored: Partial<PermissionMap> | null, productDefaults: Partial<PermissionMap> | null = null): PermissionMap => ({
  ...DEFAULT_PERMISSIONS,
  ...customerRolesOf(productDefaults),
  ...customerRolesOf(stored),
});
