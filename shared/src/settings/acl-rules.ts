import type { Action, ResourceKey } from '../permissions/resource-keys';
import type { CustomerAcl } from '../schemas/system-settings';

export { ACL_GROUPS, CUSTOMER_KEYS, type CustomerKey } from '../permissions/resource-keys';

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
