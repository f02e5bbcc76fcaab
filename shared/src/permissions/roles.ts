import * as z from 'zod';

export const ROLES = ['member', 'administrator', 'super_administrator', 'root_administrator'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const CUSTOMER_ROLES = ['member', 'administrator'] as const satisfies readonly Role[];

export interface Identity {
  role: Role;
  isRoot: boolean;
}

/** Super user means type root_administrator or super_administrator (spec 1 §6). */
export const isSuperUser = ({ role, isRoot }: Identity): boolean =>
  isRoot || role === 'super_administrator' || role === 'root_administrator';

/** Root means the is_root flag, nothing else. */
export const isRootUser = ({ isRoot }: Identity): boolean => isRoot;
