import type { Identity, Role } from '../permissions/roles';
import { isSuperUser } from '../permissions/roles';

/** Passwords chosen on the registration and set-password screens (spec 1 §5). */
export const PASSWORD_LENGTH = { min: 6, max: 20 } as const;

/** How long an e-mailed link to set a password stays valid. */
export const PASSWORD_LINK_TTL_SECONDS = { invitation: 72 * 3600, reset: 3600 } as const;
export type PasswordLinkPurpose = keyof typeof PASSWORD_LINK_TTL_SECONDS;

export const SUPER_ROLES = ['super_administrator', 'root_administrator'] as const satisfies readonly Role[];

export const isSuperRole = (role: Role): boolean => (SUPER_ROLES as readonly Role[]).includes(role);

/** The roles the user add screen offers; its edit screen also offers super_administrator to root (spec 3 §6). */
export const rolesOfferedForUser = (editor: Identity, editing: boolean): Role[] =>
  editing && editor.isRoot ? ['member', 'administrator', 'super_administrator'] : ['member', 'administrator'];

/** The super user add screen offers super_administrator; its edit screen root_administrator too, to root only. */
export const rolesOfferedForSuperUser = (editor: Identity, editing: boolean): Role[] =>
  editing && editor.isRoot ? ['super_administrator', 'root_administrator'] : ['super_administrator'];

/**
 * Whether an editor may give (or take away) a role: customer roles to any administrator,
 * super_administrator to super users, root_administrator to root only.
 */
export const mayAssignRole = (editor: Identity, role: Role): boolean => {
  if (role === 'root_administrator') return editor.isRoot;
  if (role === 'super_administrator') return isSuperUser(editor);
  return true;
};

/** Administrators and super users see every location; members the set chosen for them. */
export const seesAllLocations = (role: Role): boolean => role !== 'member';

export type LocationChoice = 'view' | string[];

/**
 * What a user's `allowed_locations` becomes (spec 3 §5): `view` for administrators and super
 * users, and for a member given every location of the customer; otherwise the chosen ids, which
 * must be locations of the customer. Null when a member has no location chosen (refused).
 */
export const storedAllowedLocations = (role: Role, chosen: LocationChoice | undefined, customerLocationIds: readonly string[]): LocationChoice | null => {
  if (seesAllLocations(role)) return 'view';
  if (chosen === 'view') return 'view';
  const known = new Set(customerLocationIds);
  const ids = [...new Set(chosen ?? [])].filter((id) => known.has(id));
  if (ids.length === 0) return null;
  return known.size > 0 && ids.length === known.size ? 'view' : ids;
};

/** Non-super types get the current customer attached; super users belong to no customer. */
export const customerOfUser = (role: Role, currentCustomerId: string | null): string | null => (isSuperRole(role) ? null : currentCustomerId);
