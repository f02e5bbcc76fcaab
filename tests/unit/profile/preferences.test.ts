import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, languageOf, preferencesOf, SKIN_NAMES, SKINS } from '@shared/schemas/preferences';
import { userSchema } from '@shared/schemas/user';
import { LANGUAGE_LIST, offeredLanguages, unitSystemOf } from '@shared/languages';

describe('profile preferences', () => {
  it('default to skin smart-style-0, sound on and voice commands off', () => {
    expect(DEFAULT_PREFERENCES).toEqual({ skin: 'smart-style-0', sound: true, voice_commands: false });
  });

  it('read a user stored before preferences existed with the defaults', () => {
    expect(preferencesOf(undefined)).toEqual(DEFAULT_PREFERENCES);
    expect(languageOf(undefined)).toBe('fr');
  });

  it('keep each stored field and default the others alone, even an unknown skin', () => {
    expect(preferencesOf({ sound: false })).toEqual({ skin: 'smart-style-0', sound: false, voice_commands: false });
    expect(preferencesOf({ skin: 'smart-style-9', voice_commands: true })).toEqual({ skin: 'smart-style-0', sound: true, voice_commands: true });
    expect(languageOf('de')).toBe('fr');
    expect(languageOf('en')).toBe('en');
  });

  it('offer six skins and the beta MaterialDesign one', () => {
    expect(SKINS).toHaveLength(7);
    expect(SKIN_NAMES['smart-style-6']).toBe('MaterialDesign (beta)');
  });

  it('parse a user without language or preferences with the defaults', () => {
    const user = userSchema.parse({
      _id: 'usr-1',
      first_name: 'A',
      last_name: 'B',
      email: 'a@example.com',
      type: 'member',
      internal_role: 'member',
      is_root: false,
      customer: 'cus-1',
      allowed_locations: 'view',
      last_notification_read: null,
    });
    expect(user.language).toBe('fr');
    expect(user.preferences).toEqual(DEFAULT_PREFERENCES);
  });
});

describe('languages', () => {
  it('give French the metric system and English the imperial one', () => {
    expect(unitSystemOf(LANGUAGE_LIST, 'fr')).toBe('metric');
    expect(unitSystemOf(LANGUAGE_LIST, 'en')).toBe('imperial');
  });

  it('do not offer a disabled language, and follow the unit system the server gives', () => {
    const languages = [
      { key: 'fr' as const, title: 'Français', alt: 'France', unit_system: 'metric' as const, disabled: false },
      { key: 'en' as const, title: 'English', alt: 'United States', unit_system: 'metric' as const, disabled: true },
    ];
    expect(offeredLanguages(languages).map((language) => language.key)).toEqual(['fr']);
    expect(unitSystemOf(languages, 'en')).toBe('metric');
  });
});
