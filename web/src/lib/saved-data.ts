import { readStored, STORAGE_KEYS, writeStored } from './storage';

/**
 * Entries that could not be sent (manual entry while offline) wait here until the user sends
 * them from the header indicator (spec 1 §4.6).
 */
export type SavedEntry = Record<string, unknown>;

const CHANGE_EVENT = 'wattwise:saved-data';

export const readSavedData = (): SavedEntry[] => {
  const stored = readStored(STORAGE_KEYS.savedData);
  return Array.isArray(stored) ? (stored as SavedEntry[]) : [];
};

const write = (entries: SavedEntry[]): void => {
  writeStored(STORAGE_KEYS.savedData, entries);
  window.dispatchEvent(new Event(CHANGE_EVENT));
};

export const addSavedData = (...entries: SavedEntry[]): void => write([...readSavedData(), ...entries]);

export const clearSavedData = (): void => write([]);

/** Calls `listener` when the list changes in this tab or in another one. */
export const subscribeSavedData = (listener: () => void): (() => void) => {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.savedData) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
};
