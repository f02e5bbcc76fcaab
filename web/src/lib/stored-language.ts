import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageKey } from '@shared/constants';
import { readStored, STORAGE_KEYS } from './storage';

export const isLanguage = (value: unknown): value is LanguageKey => LANGUAGES.includes(value as LanguageKey);

/** French unless the user picked another offered language before (what i18next starts in, and the early calls' `Language`). */
export const storedLanguage = (): LanguageKey => {
  const stored = readStored(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
};
