import type { Action, ResourceKey } from './resource-keys';
import { isPremiumKey } from './resource-keys';
import type { PermissionMap, PermissionSet } from './default-permissions';
import type { Role } from './roles';

/** The set that applies to a user: the one named by their internal role. */
export const permissionSetFor = (permissions: PermissionMap, role: Role): PermissionSet =>
  permissions[role] ?? {};

/** An ability exists for every resource key whose actions include 'view' (spec 1 §6). */
export const can = (set: PermissionSet, key: ResourceKey, action: Action = 'view'): boolean => {
  const actions = set[key];
  return Array.isArray(actions) && actions.includes('view') && actions.includes(action);
};

export type AccessDecision = 'allowed' | 'license' | 'rights' | 'login';

export interface AccessContext {
  loggedIn: boolean;
  permissions: PermissionSet;
  isPremium: boolean;
}

/**
 * Route guard decision; each refusal maps to one of the three spec messages: the licence, the
 * access rights, or the need to log in.
 */
export const decideAccess = (context: AccessContext, key: ResourceKey | null): AccessDecision => {
  if (!context.loggedIn) return 'login';
  if (key === null) return 'allowed';
  if (!can(context.permissions, key)) return 'rights';
  if (isPremiumKey(key) && !context.isPremium) return 'license';
  return 'allowed';
};
