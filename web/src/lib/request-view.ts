import type { RequestView } from '@shared/permissions/request-view';
import { effectiveRequestView } from '@shared/permissions/request-view';
import type { Identity } from '@shared/permissions/roles';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

/** The view each user last chose for lists of owned objects, kept per user on this browser. */
const storedViews = (): Record<string, string> => {
  const stored = readStored(STORAGE_KEYS.requestView);
  return typeof stored === 'object' && stored !== null ? (stored as Record<string, string>) : {};
};

/** The view a user's lists are read with: their last choice, reset to my_and_shared where their role may not keep it (spec 1 §5). */
export const requestViewOf = (userId: string, identity: Identity): RequestView => effectiveRequestView(storedViews()[userId], identity);

export const rememberRequestView = (userId: string, view: RequestView): void => writeStored(STORAGE_KEYS.requestView, { ...storedViews(), [userId]: view });
