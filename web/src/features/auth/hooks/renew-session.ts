import { isSessionExpired, shouldRenewSession } from '@shared/session';
import { errorCodeOf } from '../../../lib/http';
import { endSession, getSession, startSession } from '../../../lib/session';
import { autoLogin } from '../api/auto-login';
import { notifySessionRefusal } from './notify-session-refusal';

let renewing: Promise<void> | null = null;

const isCurrentToken = (jwt: string): boolean => {
  const session = getSession();
  return session.status === 'logged-in' && session.payload.user.jwt === jwt;
};

/**
 * Runs on every route change (spec 1 §4.1): an expired session ends; one past a tenth of its life
 * is exchanged for a fresh token in the background.
 */
export const renewSessionIfDue = (now: Date = new Date()): 'live' | 'expired' | 'none' => {
  const session = getSession();
  // A provisional session is being renewed already (use-restore-session).
  if (session.status !== 'logged-in' || session.provisional) return 'none';
  const { jwt } = session.payload.user;
  const { issued_at, expires_at } = session.credentials;
  if (isSessionExpired(new Date(expires_at), now)) {
    endSession();
    return 'expired';
  }
  if (!renewing && shouldRenewSession(new Date(issued_at), new Date(expires_at), now)) {
    renewing = autoLogin({ token: jwt, last_customer: session.payload.customer._id }, session.payload)
      .then(
        (payload) => {
          // A logout or a change of customer while the call was out wins over its answer.
          if (isCurrentToken(jwt)) startSession(payload);
        },
        (error: unknown) => {
          const code = errorCodeOf(error);
          if (!isCurrentToken(jwt) || code === 'network_error' || code === 'internal_error') return;
          endSession();
          notifySessionRefusal(code);
        },
      )
      .finally(() => {
        renewing = null;
      });
  }
  return 'live';
};
