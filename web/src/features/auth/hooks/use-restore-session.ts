import { useEffect } from 'react';
import { errorCodeOf } from '../../../lib/http';
import { i18nReady } from '../../../lib/i18n';
import type { StoredCredentials } from '../../../lib/session';
import { REAL_LOGIN_PATH } from '../../../lib/stored-credentials';
import { credentialsBeingRestored, customerToRestore, endSession, getSession, renewalKeepsCustomer, resumeSession, startSession, stillRestoring, useSessionWith } from '../../../lib/session';
import { autoLogin } from '../api/auto-login';
import { notifySessionRefusal } from './notify-session-refusal';

let restoring: Promise<void> | null = null;

const restore = async (credentials: StoredCredentials): Promise<void> => {
  try {
    const payload = await autoLogin({ token: credentials.token, last_customer: customerToRestore(credentials) }, renewalKeepsCustomer(credentials) ? credentials.payload : null);
    // A logout, a sign-in or a change of customer on the provisional session wins over the answer.
    if (stillRestoring(credentials)) startSession(payload);
  } catch (error) {
    if (!stillRestoring(credentials)) return;
    const code = errorCodeOf(error);
    // The server did not answer in time (or failed): the stored token is still valid, carry on with it.
    if (code === 'network_error' || code === 'internal_error') return resumeSession(credentials);
    // Renewal starts before the translations are in: the refusal is said in the user's language.
    await i18nReady();
    endSession();
    notifySessionRefusal(code);
  }
};

/** The sign-in variant that never signs in from stored credentials (spec 1 §2.1). */
export { REAL_LOGIN_PATH };

/**
 * Pending authentication (spec 1 §4.1): stored, unexpired credentials log the user in again —
 * except on /real-login, where they are forgotten and the form is shown.
 */
export const useRestoreSession = (): void => {
  const credentials = useSessionWith(credentialsBeingRestored);
  useEffect(() => restoreStoredSession(), [credentials]);
};

/**
 * Starts the pending authentication once (called at boot as soon as the configuration is read,
 * before the translations and the first render, and by the hook). A provisional session's pages
 * are drawn meanwhile; a pending one's wait for the answer.
 */
export const restoreStoredSession = (): void => {
  const credentials = credentialsBeingRestored(getSession());
  if (!credentials || restoring) return;
  if (window.location.pathname === REAL_LOGIN_PATH) return endSession();
  restoring = restore(credentials).finally(() => {
    restoring = null;
  });
};
