import * as z from 'zod';
import { LANGUAGES, type LanguageKey } from './constants';
import { LANGUAGE_UNIT_SYSTEM, WEATHER_UNITS } from './weather/units';

/** A language as the server offers it (spec 1 §3.1): a disabled one is not offered by the selectors. */
export const languageSchema = z.object({
  key: z.enum(LANGUAGES),
  /** The language's name in itself. */
  title: z.string(),
  /** Its flag's alternative text. */
  alt: z.string(),
  unit_system: z.enum(WEATHER_UNITS),
  disabled: z.boolean(),
});
export type Language = z.infer<typeof languageSchema>;

export const LANGUAGE_LIST: readonly Language[] = [
  { key: 'fr', title: 'Français', alt: 'France', unit_system: LANGUAGE_UNIT_SYSTEM.fr, disabled: false },
  { key: 'en', title: 'English', alt: 'United Kingdom', unit_system: LANGUAGE_UNIT_SYSTEM.en, disabled: false },
];

/** The languages a selector offers. */
export const offeredLanguages = (languages: readonly Language[]): Language[] => languages.filter((language) => !language.disabled);

/** The unit system of a language in the server's list, or the built-in one while the list is not known. */
export const unitSystemOf = (languages: readonly Language[] | undefined, key: LanguageKey) =>
  languages?.find((language) => language.key === key)?.unit_system ?? LANGUAGE_UNIT_SYSTEM[key];
