import type { LanguageKey } from '@shared/constants';

const WORDS: Record<LanguageKey, { subject: (name: string) => string; body: (name: string, file: string) => string }> = {
  fr: { subject: (name) => `Export : ${name}`, body: (name, file) => `Bonjour,\n\nVous trouverez ci-joint l'export « ${name} » (${file}).\n` },
  en: { subject: (name) => `Export: ${name}`, body: (name, file) => `Hello,\n\nPlease find attached the export "${name}" (${file}).\n` },
};

/** The e-mail that carries an export's file, in the language of the one who sends it. */
export const exportMail = (name: string, fileName: string, language: LanguageKey): { subject: string; text: string } => {
  const words = WORDS[language] ?? WORDS.fr;
  return { subject: words.subject(name), text: words.body(name, fileName) };
};
