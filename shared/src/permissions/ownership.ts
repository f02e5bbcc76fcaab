import * as z from 'zod';
import { idSchema } from '../schemas/common';
import type { RequestView } from './request-view';
import type { Identity } from './roles';
import { isSuperUser } from './roles';

/**
 * The one ownership and visibility policy of owned objects — tabs, widgets, alerts, reminders,
 * exports, reports, subscriptions (spec 1 §4.4, §5, §6; spec 2 §5–6). Pure rules: the functions
 * apply them in one middleware step, the web uses them to show or hide controls.
 */

/** The fields every owned object carries. */
export const ownedFieldsSchema = z.object({
  /** The owner. */
  user: idSchema,
  sharing: z.object({ shared: z.boolean().default(false) }).default({ shared: false }),
});
export type Owned = z.infer<typeof ownedFieldsSchema>;

export interface Viewer extends Identity {
  userId: string;
}

/**
 * What a caller does with an owned object:
 * - `read`: open it;
 * - `contribute`: work inside it (add or paste a widget into a tab) — a shared object is open to
 *   everyone of the customer (spec 1 §4.4);
 * - `modify`: change or delete the object itself — root, super users or the owner only (spec 1 §6).
 */
export type OwnedIntent = 'read' | 'contribute' | 'modify';

export type OwnedDecision = 'allowed' | 'not_found' | 'not_allowed';

const isOwner = (viewer: Viewer, item: Owned): boolean => item.user === viewer.userId;

/**
 * Someone else's object that is not shared does not exist for a caller (404), unless its kind says
 * it is refused instead (`privateAnswer`); a shared one may be read and contributed to, and changed
 * or deleted only by its owner or a super user (403 `not_allowed`).
 */
export const decideOwnedAccess = (
  viewer: Viewer,
  item: Owned,
  intent: OwnedIntent,
  { privateAnswer = 'not_found' }: { privateAnswer?: Exclude<OwnedDecision, 'allowed'> } = {},
): OwnedDecision => {
  if (isSuperUser(viewer) || isOwner(viewer, item)) return 'allowed';
  if (!item.sharing.shared) return privateAnswer;
  return intent === 'modify' ? 'not_allowed' : 'allowed';
};

/**
 * Whether a list shows an object under a request view. The view has already been reset for
 * non-root callers (all, customer and user views become my_and_shared, see `effectiveRequestView`).
 */
export const isListed = (viewer: Viewer, view: RequestView, item: Owned): boolean => {
  if (view === 'all' || view === 'customer') return true;
  if (view.startsWith('user:')) return item.user === view.slice('user:'.length);
  if (view === 'my') return isOwner(viewer, item);
  if (view === 'shared') return item.sharing.shared;
  return isOwner(viewer, item) || item.sharing.shared;
};

/** The owner of a new object: the caller, or the user a super user names (spec 2: the owner can be chosen). */
export const ownerOnCreate = (viewer: Viewer, requested: string | null | undefined): string =>
  requested && isSuperUser(viewer) ? requested : viewer.userId;
