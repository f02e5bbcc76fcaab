import * as z from 'zod';
import type { Identity } from './roles';

const NAMED_VIEWS = ['all', 'customer', 'my_and_shared', 'shared', 'my'] as const;
const USER_VIEW = /^user:[\w-]+$/;

export const requestViewSchema = z.union([z.enum(NAMED_VIEWS), z.string().regex(USER_VIEW)]);
export type RequestView = z.infer<typeof requestViewSchema>;

export const DEFAULT_REQUEST_VIEW: RequestView = 'my_and_shared';

const ROOT_ONLY_VIEWS = (view: string): boolean =>
  view === 'all' || view === 'customer' || view.startsWith('user:');

/**
 * A non-root user whose stored request view is all, customer or a user view is reset to
 * my_and_shared (spec 1 §5). Unknown values fall back to the default too.
 */
export const effectiveRequestView = (stored: string | null | undefined, identity: Identity): RequestView => {
  // The schema's test without its parser: the web's first screen calls this on every request and carries no zod.
  if (typeof stored !== 'string' || !((NAMED_VIEWS as readonly string[]).includes(stored) || USER_VIEW.test(stored))) return DEFAULT_REQUEST_VIEW;
  if (!identity.isRoot && ROOT_ONLY_VIEWS(stored)) return DEFAULT_REQUEST_VIEW;
  return stored;
};
