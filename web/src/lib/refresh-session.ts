import { API } from '@shared/api/routes';
import { callApi } from './http';
import { completeRenewedPayload, stampOfHeld } from './renewed-payload';
import { getSession, startSession } from './session';

/**
 * Asks for a fresh login payload now, e.g. after the locations tree changed in the settings, so
 * the navigation's locations follow. Failures keep the current session as it is.
 */
export const refreshSessionPayload = async (): Promise<void> => {
  const session = getSession();
  // A provisional session's renewal, already out, brings a fresh payload.
  if (session.status !== 'logged-in' || session.provisional) return;
  const { jwt } = session.payload.user;
  try {
    // The locations held go with it: a change that left the visible ones as they were does not send them again.
    const held = session.payload;
    const answer = await callApi(API.autoLogin, { body: { token: jwt, last_customer: session.payload.customer._id, locations_stamp: stampOfHeld(held) } });
    const current = getSession();
    // A logout or a change of customer while the call was out wins over its answer.
    if (current.status === 'logged-in' && current.payload.user.jwt === jwt) startSession(completeRenewedPayload(answer, held));
  } catch {
    // The next renewal tries again; the navigation only shows an older tree meanwhile.
  }
};
