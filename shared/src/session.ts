import { REMEMBERED_SESSION_DAYS, SESSION_HOURS } from './constants';

const HOUR_MS = 60 * 60 * 1000;

/** Length of a session: 1 hour, or 7 days with "remember me" (spec 1 §9). */
export const sessionLengthMs = (remember: boolean): number =>
  remember ? REMEMBERED_SESSION_DAYS * 24 * HOUR_MS : SESSION_HOURS * HOUR_MS;

/** The instant a session started (or renewed) at `now` ends. */
export const sessionExpiry = (now: Date, remember: boolean): Date =>
  new Date(now.getTime() + sessionLengthMs(remember));

export const isSessionExpired = (expiresAt: Date | number | null | undefined, now: Date): boolean =>
  expiresAt == null || new Date(expiresAt).getTime() <= now.getTime();

/**
 * A session is renewed on activity; asking the server for a new token on every route change
 * would be wasteful, so the token is renewed once a tenth of its life has passed.
 */
export const shouldRenewSession = (issuedAt: Date, expiresAt: Date, now: Date): boolean => {
  const life = expiresAt.getTime() - issuedAt.getTime();
  return now.getTime() - issuedAt.getTime() >= life / 10 && !isSessionExpired(expiresAt, now);
};
