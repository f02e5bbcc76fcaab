import { readStored, removeStored, STORAGE_KEYS, writeStored } from './storage';

/** Where the user was when the lock screen came up; null when the session is not locked. */
export const lockedFrom = (): string | null => {
  const stored = readStored(STORAGE_KEYS.locked);
  return typeof stored === 'object' && stored !== null && typeof (stored as { from?: unknown }).from === 'string'
    ? (stored as { from: string }).from
    : null;
};

export const isLocked = (): boolean => lockedFrom() !== null;

/** Locks the session: the token stays, the pages are hidden until the password is given again. */
export const lockSession = (from: string): void => writeStored(STORAGE_KEYS.locked, { from });

export const clearLock = (): void => removeStored(STORAGE_KEYS.locked);
