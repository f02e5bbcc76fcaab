/**
 * Every permission key, named after the navigation states (spec 1 §2.3, spec 2 §6, spec 3 §6),
 * written once with what the rest of the product derives from it:
 * - `group`: where the roles & permissions screen shows it; `system` keys stay the product's and
 *   are never part of a customer's map;
 * - `holders`: the lowest role that holds it by default (members' keys are administrators' too;
 *   super users and root hold every key);
 * - `premium`: its pages need a premium licence (spec 1 §6).
 * The order is the screen's order within each group.
 */
export const PERMISSIONS = [
  { key: 'app.dashboard', group: 'navigation', holders: 'member' },
  { key: 'app.locations', group: 'navigation', holders: 'member' },
  { key: 'app.maplytics', group: 'navigation', holders: 'member', premium: true },
  { key: 'app.manual_entry', group: 'navigation', holders: 'member' },
  { key: 'app.notifications', group: 'navigation', holders: 'member' },
  { key: 'app.reports', group: 'reports', holders: 'member', premium: true },
  { key: 'app.reports.models', group: 'reports', holders: 'member', premium: true },
  { key: 'app.reports.subscriptions', group: 'reports', holders: 'member', premium: true },
  { key: 'app.alerts', group: 'alerts', holders: 'member', premium: true },
  { key: 'app.alerts.view', group: 'alerts', holders: 'member', premium: true },
  { key: 'app.alerts.log', group: 'alerts', holders: 'member', premium: true },
  { key: 'app.alerts.historical', group: 'alerts', holders: 'member', premium: true },
  { key: 'app.reminders', group: 'alerts', holders: 'member', premium: true },
  { key: 'app.exports', group: 'reports', holders: 'member', premium: true },
  { key: 'app.settings', group: 'settings', holders: 'member' },
  { key: 'app.settings.locations_and_points', group: 'settings', holders: 'administrator' },
  { key: 'app.settings.profile', group: 'settings', holders: 'member' },
  { key: 'app.settings.users', group: 'settings', holders: 'administrator' },
  { key: 'app.settings.application.email', group: 'settings', holders: 'administrator' },
  { key: 'app.settings.application.acl', group: 'settings', holders: 'administrator' },
  { key: 'app.settings.application.notifications', group: 'settings', holders: 'administrator' },
  { key: 'app.settings.sources', group: 'settings', holders: 'administrator' },
  { key: 'app.settings.ftp', group: 'settings', holders: 'administrator' },
  { key: 'app.settings.files', group: 'settings', holders: 'administrator' },
  { key: 'app.settings.api_docs', group: 'settings', holders: 'administrator' },
  { key: 'app.settings.system.customers', group: 'system', holders: 'super_user' },
  { key: 'app.settings.su', group: 'system', holders: 'super_user' },
  { key: 'app.settings.login_analytics', group: 'settings', holders: 'super_user' },
  { key: 'app.settings.system.logs', group: 'system', holders: 'super_user' },
  { key: 'app.settings.system.configuration', group: 'system', holders: 'super_user' },
  { key: 'app.settings.system.customization', group: 'system', holders: 'super_user' },
  { key: 'app.settings.system.email', group: 'system', holders: 'super_user' },
  { key: 'app.settings.system.license', group: 'system', holders: 'super_user' },
  { key: 'app.about', group: 'navigation', holders: 'member' },
  { key: 'app.show_all_customers', group: 'system', holders: 'super_user' },
] as const satisfies readonly {
  key: `app.${string}`;
  group: 'navigation' | 'reports' | 'alerts' | 'settings' | 'system';
  holders: 'member' | 'administrator' | 'super_user';
  premium?: true;
}[];

type Permission = (typeof PERMISSIONS)[number];
export type ResourceKey = Permission['key'];

export const RESOURCE_KEYS = PERMISSIONS.map((permission) => permission.key) as [ResourceKey, ...ResourceKey[]];

export const ACTIONS = ['view', 'create', 'edit', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** Keys whose pages need a premium licence (spec 1 §6). */
export const PREMIUM_KEYS: readonly ResourceKey[] = PERMISSIONS.filter((permission) => 'premium' in permission).map((permission) => permission.key);

export const isPremiumKey = (key: ResourceKey): boolean => PREMIUM_KEYS.includes(key);

/** Keys of the system group: what they open reaches every customer, and only super users and root hold them. */
export const SYSTEM_KEYS: readonly ResourceKey[] = PERMISSIONS.filter((permission) => permission.group === 'system').map((permission) => permission.key);

export const isSystemKey = (key: ResourceKey): boolean => SYSTEM_KEYS.includes(key);

/** The groups of keys a customer's roles may be given, as the roles & permissions screen shows them. */
export const ACL_GROUP_IDS = ['navigation', 'reports', 'alerts', 'settings'] as const;
export type CustomerKey = Extract<Permission, { group: (typeof ACL_GROUP_IDS)[number] }>['key'];

export const ACL_GROUPS = ACL_GROUP_IDS.map((id) => ({
  id,
  keys: PERMISSIONS.filter((permission) => permission.group === id).map((permission) => permission.key as CustomerKey),
}));

/** The keys a customer's map may hold: the system keys (customers, super users, system settings, the customer selector) stay the product's. */
export const CUSTOMER_KEYS = ACL_GROUPS.flatMap((group) => group.keys) as ResourceKey[] as [ResourceKey, ...ResourceKey[]];

/** The keys a role holds by default below super users: members', and administrators' (members' included). */
export const keysHeldBy = (role: 'member' | 'administrator'): ResourceKey[] =>
  PERMISSIONS.filter((permission) => permission.holders === 'member' || (role === 'administrator' && permission.holders === 'administrator')).map(
    (permission) => permission.key,
  );
