import { useSyncExternalStore } from 'react';
import { readSavedData, subscribeSavedData } from '../../../lib/saved-data';

/** How many entries wait to be sent, kept current across tabs. */
export const useSavedDataCount = (): number => useSyncExternalStore(subscribeSavedData, () => readSavedData().length);
