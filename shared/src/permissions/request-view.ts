import * as z from 'zod';
import type { Identity } from './roles';

export const requestViewSchema = z.union([
  z.enum(['all', 'customer', 'my_and_shared', 'shared', 'my']),
  z.string().regex(/^user:[\w-]+$/),
]);
export type RequestView = z.infer<typeof requestViewSchema>;

export const DEFAULT_REQUEST_VIEW: RequestView = 'my_and_shared';

const ROOT_ONLY_VIEWS = (view: string): boolean =>
  view === 'all' || view === 'customer' || view.startsWith('user:');

/**
 * A non-root user whose stored request view is all, customer or a user view is reset to
 * my_and_shared (spec 1 §5). Unknown values fall back to the default too.
 */
export const effectiveRequestView = (stored: string | null | undefined, identity: Identity): RequestView => {
  const parsed = requestViewSchema.safeParse(stored);
  if (!parsed.success) return DEFAULT_REQUEST_VIEW;
  if (!identity.isRoot && ROOT_ONLY_VIEWS(parsed.data)) return DEFAULT_REQUEST_VIEW;
  return parsed.data;
};
