import * as z from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageKey } from '../constants';

export const languageKeySchema = z.enum(LANGUAGES);

import { DEFAULT_SKIN, SKINS, type Skin } from '../skins';

export { DEFAULT_SKIN, SKIN_NAMES, SKINS, type Skin } from '../skins';

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
