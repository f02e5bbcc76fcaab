import { DateTime } from 'luxon';
import type { LanguageKey } from '@shared/constants';

interface SubscriptionMailFacts {
  subscriptionName: string;
  reportName: string;
  fileName: string;
  /** The due time the report is sent for (ISO instant), shown in `zone`. */
  due: string;
  zone: string;
}

const WORDS: Record<LanguageKey, { subject: (report: string) => string; body: (facts: SubscriptionMailFacts, when: string) => string; locale: string }> = {
  fr: {
    subject: (report) => `Rapport : ${report}`,
    body: ({ reportName, fileName, subscriptionName }, when) =>
      `Bonjour,\n\nVous trouverez ci-joint le rapport « ${reportName} » (${fileName}) du ${when}.\n\nVous le recevez par l'abonnement « ${subscriptionName} ».\n`,
    locale: 'fr',
  },
  en: {
    subject: (report) => `Report: ${report}`,
    body: ({ reportName, fileName, subscriptionName }, when) =>
      `Hello,\n\nPlease find attached the report "${reportName}" (${fileName}) of ${when}.\n\nYou receive it through the subscription "${subscriptionName}".\n`,
    locale: 'en',
  },
};

/** The e-mail that carries a subscribed report's PDF, in the language it was printed in. */
export const subscriptionMail = (facts: SubscriptionMailFacts, language: LanguageKey): { subject: string; text: string } => {
  const words = WORDS[language] ?? WORDS.fr;
  const when = DateTime.fromISO(facts.due, { zone: facts.zone }).setLocale(words.locale).toLocaleString(DateTime.DATETIME_FULL);
  return { subject: words.subject(facts.reportName), text: words.body(facts, when) };
};
