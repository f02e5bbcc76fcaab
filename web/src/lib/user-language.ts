import { API } from '@shared/api/routes';
import type { LanguageKey } from '@shared/constants';
import { callApi } from './http';
import { changeLanguage } from './i18n';
import { getSession, updateSessionUser } from './session';

/**
 * A language picked in a selector: the interface switches, this browser remembers it and, when
 * someone is signed in, their profile stores it too (their e-mails follow it).
 */
export const chooseLanguage = async (language: LanguageKey): Promise<void> => {
  await changeLanguage(language);
  const session = getSession();
  if (session.status !== 'logged-in' || session.payload.user.language === language) return;
  updateSessionUser({ language });
  await callApi(API.updateProfile, { body: { language } });
};
