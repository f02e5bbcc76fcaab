import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageKey } from '@shared/constants';
import { readStored, STORAGE_KEYS, writeStored } from './storage';
import { isLanguage, storedLanguage } from './stored-language';

type Translations = Record<string, unknown>;

// Each language is its own chunks: only the one in use is downloaded (spec 1 §7, "fetched per locale").
// A language's texts may be split by area (translation.json, widgets.json …): their top-level keys merge.
const bundles = import.meta.glob<Translations>('../locales/*/*.json', { import: 'default' });

const mergeDeep = (target: Translations, source: Translations): Translations => {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] =
      typeof value === 'object' && value !== null && typeof existing === 'object' && existing !== null
        ? mergeDeep({ ...(existing as Translations) }, value as Translations)
        : value;
  }
  return target;
};

const loadTranslations = async (language: LanguageKey): Promise<Translations> => {
  const loads = Object.entries(bundles).filter(([file]) => file.startsWith(`../locales/${language}/`));
  if (loads.length === 0) throw new Error(`No translations for ${language}`);
  const parts = await Promise.all(loads.map(([, load]) => load()));
  return parts.reduce<Translations>((all, part) => mergeDeep(all, part), {});
};

const applyToDocument = (language: LanguageKey) => {
  document.documentElement.lang = language;
};

export { storedLanguage };

let started: Promise<void> | null = null;

/** Settles once the translations are in (at once when nothing started them, as in tests). */
export const i18nReady = (): Promise<void> => started ?? Promise.resolve();

export const initI18n = (): Promise<void> => (started ??= startI18n());

const startI18n = async (): Promise<void> => {
  const language = storedLanguage();
  const translations = await loadTranslations(language);
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: { [language]: { translation: translations } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
  });
  applyToDocument(language);
};

/** Before i18next has started (the session is renewed meanwhile), the language it will start in. */
export const currentLanguage = (): LanguageKey => (isLanguage(i18next.resolvedLanguage) ? i18next.resolvedLanguage : storedLanguage());

/** Whether this browser holds a language chosen on it (by a selector), rather than the default. */
export const hasStoredLanguage = (): boolean => isLanguage(readStored(STORAGE_KEYS.language));

/**
 * Switches the interface's language; `remember: false` applies a signed-in user's profile language
 * without making it this browser's own choice (the next user of the browser is not bound by it).
 */
export const changeLanguage = async (language: LanguageKey, { remember = true }: { remember?: boolean } = {}): Promise<void> => {
  // Remembered at once: a page reloaded while the translations load still opens in the chosen language.
  if (remember) writeStored(STORAGE_KEYS.language, language);
  if (!i18next.hasResourceBundle(language, 'translation')) {
    i18next.addResourceBundle(language, 'translation', await loadTranslations(language));
  }
  await i18next.changeLanguage(language);
  applyToDocument(language);
};

/** For code outside React (toasts raised by guards, the HTTP layer). */
export const translate = (key: string, options?: Record<string, unknown>): string => i18next.t(key, options);
