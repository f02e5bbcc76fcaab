import type { Role } from './roles';
import { CUSTOMER_ROLES } from './roles';
import type { Action, ResourceKey } from './resource-keys';
import { ACTIONS, keysHeldBy, RESOURCE_KEYS } from './resource-keys';

export type PermissionSet = Partial<Record<ResourceKey, Action[]>>;
/** Permissions as they travel with the login: role name → resource key → actions (spec 1 §6). */
export type PermissionMap = Record<Role, PermissionSet>;

const ALL: Action[] = [...ACTIONS];
const VIEW: Action[] = ['view'];

const grant = (keys: readonly ResourceKey[], actions: Action[]): PermissionSet =>
  Object.fromEntries(keys.map((key) => [key, [...actions]]));

/**
 * The sets seeded for each role. Members see and use the customer's screens; administrators also
 * administer the customer; super users and root hold every key, including the system group and
 * the customer selector.
 */
export const DEFAULT_PERMISSIONS: PermissionMap = {
  member: grant(keysHeldBy('member'), ALL),
  administrator: grant(keysHeldBy('administrator'), ALL),
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
