import type { LanguageKey } from '@shared/constants';
import { appUrl } from '../clients/app-url';

type Kind = 'invitation' | 'reset' | 'accepted' | 'registration_waiting';

const PRODUCT = 'WattWise';

const WORDS: Record<LanguageKey, Record<Kind, { subject: string; body: (name: string, link: string) => string }>> = {
  fr: {
    invitation: {
      subject: `Votre compte ${PRODUCT}`,
      body: (name, link) =>
        `Bonjour ${name},\n\nUn compte ${PRODUCT} vient d'être créé pour vous. Choisissez votre mot de passe en ouvrant ce lien (valable 72 heures, une seule fois) :\n\n${link}\n\nVous pourrez ensuite vous connecter avec votre adresse e-mail.`,
    },
    reset: {
      subject: `Réinitialisation de votre mot de passe ${PRODUCT}`,
      body: (name, link) =>
        `Bonjour ${name},\n\nVous avez demandé à réinitialiser votre mot de passe. Choisissez-en un nouveau en ouvrant ce lien (valable 1 heure, une seule fois) :\n\n${link}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.`,
    },
    accepted: {
      subject: `Votre inscription à ${PRODUCT} est acceptée`,
      body: (name, link) => `Bonjour ${name},\n\nVotre inscription a été acceptée. Connectez-vous avec votre adresse e-mail et le mot de passe choisi :\n\n${link}`,
    },
    registration_waiting: {
      subject: `Nouvelle inscription à ${PRODUCT} en attente`,
      body: (name, link) => `Bonjour,\n\n${name} s'est inscrit(e) et attend qu'un administrateur accepte son inscription dans un client, ou la refuse :\n\n${link}`,
    },
  },
  en: {
    invitation: {
      subject: `Your ${PRODUCT} account`,
      body: (name, link) =>
        `Hello ${name},\n\nA ${PRODUCT} account has just been created for you. Choose your password by opening this link (valid for 72 hours, once):\n\n${link}\n\nYou can then sign in with your e-mail address.`,
    },
    reset: {
      subject: `Reset your ${PRODUCT} password`,
      body: (name, link) =>
        `Hello ${name},\n\nYou asked to reset your password. Choose a new one by opening this link (valid for 1 hour, once):\n\n${link}\n\nIf you did not ask for it, ignore this message: your password stays as it is.`,
    },
    accepted: {
      subject: `Your ${PRODUCT} registration is accepted`,
      body: (name, link) => `Hello ${name},\n\nYour registration has been accepted. Sign in with your e-mail address and the password you chose:\n\n${link}`,
    },
    registration_waiting: {
      subject: `New ${PRODUCT} registration waiting`,
      body: (name, link) => `Hello,\n\n${name} has registered and waits for an administrator to accept the registration into a customer, or to refuse it:\n\n${link}`,
    },
  },
};

/** A link into the web app: absolute when the app's address is known. */
export const appLink = async (path: string): Promise<string> => `${(await appUrl()) ?? ''}${path}`;

/** The subject and text of an account e-mail, in the reader's language. */
export const accountMail = (kind: Kind, language: LanguageKey, firstName: string, link: string) => {
  const words = (WORDS[language] ?? WORDS.fr)[kind];
  return { subject: words.subject, text: words.body(firstName, link) };
};
