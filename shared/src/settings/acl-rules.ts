import type { Action, ResourceKey } from '../permissions/resource-keys';
import type { CustomerAcl } from '../schemas/system-settings';

/**
 * The keys a customer's roles may be given, grouped as the roles & permissions screen shows them.
 * The system keys (customers, super users, system settings, the customer selector) stay the
 * product's: a customer's map can never open another customer or the system.
 */
export const ACL_GROUPS = [
  { id: 'navigation', keys: ['app.dashboard', 'app.locations', 'app.maplytics', 'app.manual_entry', 'app.notifications', 'app.about'] },
  { id: 'reports', keys: ['app.reports', 'app.reports.models', 'app.reports.subscriptions', 'app.exports'] },
  { id: 'alerts', keys: ['app.alerts', 'app.alerts.view', 'app.alerts.log', 'app.alerts.historical', 'app.reminders'] },
  {
    id: 'settings',
    keys: [
      'app.settings',
      'app.settings.locations_and_points',
      'app.settings.profile',
      'app.settings.users',
      'app.settings.application.email',
      'app.settings.application.acl',
      'app.settings.application.notifications',
      'app.settings.sources',
      'app.settings.ftp',
      'app.settings.files',
      'app.settings.login_analytics',
    ],
  },
] as const satisfies readonly { id: string; keys: readonly ResourceKey[] }[];

export const CUSTOMER_KEYS = ACL_GROUPS.flatMap((group) => group.keys) as ResourceKey[] as [ResourceKey, ...ResourceKey[]];
export type CustomerKey = (typeof ACL_GROUPS)[number]['keys'][number];

/** The label id of a key in the locale files (dots would read as nesting). */
export const aclLabelId = (key: ResourceKey): string => key.replaceAll('.', '_');

/**
 * What the administrator role must keep so that someone of the customer can still open and save
 * the roles & permissions screen: the settings menu and the screen itself, viewed and edited.
 */
export const ACL_LOCKOUT_GUARD: readonly { key: ResourceKey; actions: readonly Action[] }[] = [
  { key: 'app.settings', actions: ['view'] },
  { key: 'app.settings.application.acl', actions: ['view', 'edit'] },
];

/** The guarded key/action pairs a map takes away from the administrator role (empty when it keeps them all). */
export const lockoutGaps = (acl: CustomerAcl): string[] =>
  ACL_LOCKOUT_GUARD.flatMap(({ key, actions }) =>
    actions.filter((action) => !(acl.administrator[key] ?? []).includes(action)).map((action) => `${key}:${action}`),
  );

/** A map as stored: each role's actions without duplicates, in the canonical order, empty keys dropped. */
export const normalizeAcl = (acl: CustomerAcl): CustomerAcl => {
  const order: Action[] = ['view', 'create', 'edit', 'delete'];
  const tidy = (set: CustomerAcl['member']) =>
    Object.fromEntries(
      Object.entries(set)
        .map(([key, actions]) => [key, order.filter((action) => (actions ?? []).includes(action))] as const)
        .filter(([, actions]) => actions.length > 0),
    ) as CustomerAcl['member'];
  return { member: tidy(acl.member), administrator: tidy(acl.administrator) };
};
