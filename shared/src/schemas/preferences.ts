import * as z from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageKey } from '../constants';

export const languageKeySchema = z.enum(LANGUAGES);

/** Six skins plus the beta MaterialDesign one (spec 1 §9); smart-style-0 by default. */
export const SKINS = ['smart-style-0', 'smart-style-1', 'smart-style-2', 'smart-style-3', 'smart-style-4', 'smart-style-5', 'smart-style-6'] as const;
export type Skin = (typeof SKINS)[number];
export const DEFAULT_SKIN: Skin = 'smart-style-0';

/** The skins' names as the original product shows them (not translated: they are names). */
export const SKIN_NAMES: Record<Skin, string> = {
  'smart-style-0': 'Smart Default',
  'smart-style-1': 'Dark Elegance',
  'smart-style-2': 'Ultra Light',
  'smart-style-3': 'Google Skin',
  'smart-style-4': 'PixelSmash',
  'smart-style-5': 'Glass',
  'smart-style-6': 'MaterialDesign (beta)',
};

export interface UserPreferences {
  skin: Skin;
  sound: boolean;
  voice_commands: boolean;
}

/** Sound on, voice commands off (spec 1 §9). */
export const DEFAULT_PREFERENCES: UserPreferences = { skin: DEFAULT_SKIN, sound: true, voice_commands: false };

/** Each field falls back on its default alone: a partly stored object (or an unknown skin) still reads. */
export const userPreferencesSchema = z.object({
  skin: z.enum(SKINS).catch(DEFAULT_SKIN).default(DEFAULT_SKIN),
  sound: z.boolean().catch(DEFAULT_PREFERENCES.sound).default(DEFAULT_PREFERENCES.sound),
  voice_commands: z.boolean().catch(DEFAULT_PREFERENCES.voice_commands).default(DEFAULT_PREFERENCES.voice_commands),
});

/** A stored language or preferences as read back: absent or unknown values give the defaults. */
export const preferencesOf = (stored: unknown): UserPreferences => {
  const parsed = userPreferencesSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : { ...DEFAULT_PREFERENCES };
};

export const languageOf = (stored: unknown, fallback: LanguageKey = DEFAULT_LANGUAGE): LanguageKey => {
  const parsed = languageKeySchema.safeParse(stored);
  return parsed.success ? parsed.data : fallback;
};
