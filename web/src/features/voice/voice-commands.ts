/** Spoken navigation (spec 1 §2.3 voice-command control): the page names users say, in French and English. */
export const VOICE_COMMANDS: readonly { path: string; phrases: readonly string[] }[] = [
  { path: '/dashboard', phrases: ['tableau de bord', 'accueil', 'dashboard', 'home'] },
  { path: '/locations', phrases: ['sites', 'locations'] },
  { path: '/manual_entry', phrases: ['saisie manuelle', 'manual entry'] },
  { path: '/alerts', phrases: ['alertes', 'gestion des alertes', 'alerts', 'alert management'] },
  { path: '/alerts/log', phrases: ['journal des alertes', 'alerts log', 'alert log'] },
  { path: '/alerts/historical', phrases: ['historique des alertes', 'alerts history', 'alert history', 'historical'] },
  { path: '/reminders', phrases: ['rappels', 'reminders'] },
  { path: '/notifications', phrases: ['notifications'] },
  { path: '/settings/profile', phrases: ['profil', 'mon profil', 'profile', 'my profile'] },
  { path: '/settings/locations_and_points', phrases: ['sites et points', 'locations and points'] },
  { path: '/settings/sources', phrases: ['sources'] },
  { path: '/settings/files', phrases: ['fichiers', 'traitement des fichiers', 'files', 'files processing'] },
  { path: '/settings/ftp', phrases: ['ftp'] },
  { path: '/lock', phrases: ['verrouiller', 'verrouillage', 'lock', 'lock screen'] },
  { path: '/logout', phrases: ['deconnexion', 'se deconnecter', 'logout', 'log out', 'sign out'] },
];

/** Lower case, without accents or punctuation: what was heard and what is listed compare alike. */
export const normalizeSpeech = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The page a sentence names: the command whose phrase is heard as whole words, the longest phrase
 * winning ("journal des alertes" before "alertes"); null when none is.
 */
export const matchVoiceCommand = (transcript: string, commands = VOICE_COMMANDS): string | null => {
  const heard = ` ${normalizeSpeech(transcript)} `;
  let best: { path: string; length: number } | null = null;
  for (const { path, phrases } of commands) {
    for (const phrase of phrases) {
      const wanted = normalizeSpeech(phrase);
      if (heard.includes(` ${wanted} `) && (!best || wanted.length > best.length)) best = { path, length: wanted.length };
    }
  }
  return best?.path ?? null;
};
