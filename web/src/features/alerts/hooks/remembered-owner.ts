import { readStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';

/**
 * The owner last chosen for an alert, kept per signed-in user on this browser: the default owner
 * of the next alert (spec 2 §3 "user: default is the last remembered owner or the current user").
 */
const stored = (): Record<string, string> => {
  const value = readStored(STORAGE_KEYS.alertOwner);
  return typeof value === 'object' && value !== null ? (value as Record<string, string>) : {};
};

export const rememberedOwner = (userId: string, candidates: readonly string[]): string => {
  const remembered = stored()[userId];
  return remembered && candidates.includes(remembered) ? remembered : userId;
};

export const rememberOwner = (userId: string, owner: string): void => writeStored(STORAGE_KEYS.alertOwner, { ...stored(), [userId]: owner });
