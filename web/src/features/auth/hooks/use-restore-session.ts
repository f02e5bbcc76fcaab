import { useEffect } from 'react';
import { errorCodeOf } from '../../../lib/http';
import { i18nReady } from '../../../lib/i18n';
import type { StoredCredentials } from '../../../lib/session';
import { customerToRestore, endSession, getSession, resumeSession, startSession, useSession } from '../../../lib/session';
import { autoLogin } from '../api/auto-login';
import { notifySessionRefusal } from './notify-session-refusal';

let restoring: Promise<void> | null = null;

const restore = async (credentials: StoredCredentials): Promise<void> => {
  try {
    startSession(await autoLogin({ token: credentials.token, last_customer: customerToRestore(credentials) }));
  } catch (error) {
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
export const REAL_LOGIN_PATH = '/real-login';

/**
 * Pending authentication (spec 1 §4.1): stored, unexpired credentials log the user in again —
 * except on /real-login, where they are forgotten and the form is shown.
 */
export const useRestoreSession = (): void => {
  const session = useSession();
  useEffect(() => restoreStoredSession(), [session]);
};

/**
 * Starts the pending authentication once (called at boot as soon as the HTTP client is configured,
 * before the translations and the first render, and by the hook): the sign-in answer is the first
 * thing every signed-in screen waits for.
 */
export const restoreStoredSession = (): void => {
  const session = getSession();
  if (session.status !== 'pending' || restoring) return;
  if (window.location.pathname === REAL_LOGIN_PATH) return endSession();
  restoring = restore(session.credentials).finally(() => {
    restoring = null;
  });
};
