import { isSuperUser, type Identity } from './roles';

/**
 * Who may call a route whose effect crosses customers: the application's lock, restart, update
 * and dump, the system settings, SMTP and e-mail, the product's default permissions, the
 * customization, the licence, customers and super users. A customer's member or administrator
 * never changes what every other customer sees on their own word:
 * - `super-user`: super users and root (every route behind a system key);
 * - `root`: root alone (the root-only routes behind a system key);
 * - `vendor-signature`: any signed-in user may relay it, and only what the vendor signed (checked
 *   against the vendor's public key) takes effect.
 */
export const GLOBAL_RULES = ['super-user', 'root', 'vendor-signature'] as const;
export type GlobalRule = (typeof GLOBAL_RULES)[number];

/** Whether a caller passes a global route's rule before its handler runs (a vendor signature is checked by the handler's service). */
export const mayCallGlobalRoute = (rule: GlobalRule, identity: Identity): boolean => {
  if (rule === 'root') return identity.isRoot;
  if (rule === 'super-user') return isSuperUser(identity);
  return true;
};
