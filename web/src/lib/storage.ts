/** Every localStorage key the app uses, named once. */
export const STORAGE_KEYS = {
  credentials: 'wattwise.credentials',
  lastCustomer: 'wattwise.lastCustomer',
  language: 'wattwise.language',
  requestView: 'wattwise.requestView',
  sidebarWidth: 'wattwise.sidebarWidth',
  navigatorId: 'wattwise.navigatorId',
  savedData: 'wattwise.savedData',
  copiedWidget: 'wattwise.copiedWidget',
  alertOwner: 'wattwise.alertOwner',
  logsMaxLines: 'wattwise.logsMaxLines',
  /** The lock screen is up (with the page to return to): a reload stays locked. */
  locked: 'wattwise.locked',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** A value that cannot be read back (private mode, corrupt JSON) counts as absent. */
export const readStored = (key: StorageKey): unknown => {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
};

export const writeStored = (key: StorageKey, value: unknown): void => {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or disabled storage only costs the preference, never the running session.
  }
};

export const removeStored = (key: StorageKey): void => {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Same as above.
  }
};

/** 'Clear local storage' of the profile: every key of this app, preferences included. */
export const clearAllStored = (): void => {
  try {
    window.localStorage.clear();
  } catch {
    // Nothing stored can be read back anyway.
  }
};
