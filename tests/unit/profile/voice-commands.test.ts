import { describe, expect, it } from 'vitest';
import { matchVoiceCommand } from '../../../web/src/features/voice/voice-commands';

describe('voice commands', () => {
  it('open the page named, in French or English, whatever the case and accents', () => {
    expect(matchVoiceCommand('Tableau de bord')).toBe('/dashboard');
    expect(matchVoiceCommand('ouvre les alertes')).toBe('/alerts');
    expect(matchVoiceCommand('PROFIL')).toBe('/settings/profile');
    expect(matchVoiceCommand('go to my profile please')).toBe('/settings/profile');
    expect(matchVoiceCommand('déconnexion')).toBe('/logout');
  });

  it('prefer the longest page name heard', () => {
    expect(matchVoiceCommand('journal des alertes')).toBe('/alerts/log');
  });

  it('match whole words only, and nothing when no page is named', () => {
    expect(matchVoiceCommand('profilage')).toBeNull();
    expect(matchVoiceCommand('bonjour')).toBeNull();
  });
});
