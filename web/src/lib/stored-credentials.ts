import type { Identity } from '@shared/permissions/roles';
import type { LoginPayload } from '@shared/schemas/session';
import { isSessionExpired } from '@shared/session';
import { readStored, STORAGE_KEYS } from './storage';

/**
 * The credentials a browser keeps between visits, read as the session's store and as the early
 * script (`web/src/early-calls.ts`, inlined in index.html) read them: a small module without
 * React, so that the early script stays small.
 */
export interface StoredCredentials {
  token: string;
  /** Start and end of the session on this browser's clock. */
  issued_at: string;
  expires_at: string;
  remember: boolean;
  last_customer: string | null;
  /** The whole login payload, so a session can be restored when the server cannot be reached. */
  payload: LoginPayload;
}

/** The page of stored credentials that forgets them and shows the sign-in form (spec 1 §2.1). */
export const REAL_LOGIN_PATH = '/real-login';

/** Checked by hand rather than with zod, which the first screen does not carry (~25 KiB gzip). */
export const isStoredCredentials = (value: unknown): value is StoredCredentials => {
  if (typeof value !== 'object' || value === null) return false;
  const { token, issued_at, expires_at, remember, last_customer, payload } = value as Record<string, unknown>;
  return (
    typeof token === 'string' &&
    token.length > 0 &&
    typeof issued_at === 'string' &&
    typeof expires_at === 'string' &&
    typeof remember === 'boolean' &&
    (last_customer === null || typeof last_customer === 'string') &&
    typeof payload === 'object' &&
    payload !== null &&
    'user' in payload &&
    'customer' in payload
  );
};

export const readCredentials = (): StoredCredentials | null => {
  const stored = readStored(STORAGE_KEYS.credentials);
  return isStoredCredentials(stored) ? stored : null;
};

/** Stored credentials still within their life on this browser's clock. */
export const credentialsLive = (credentials: StoredCredentials, now: Date = new Date()): boolean => !isSessionExpired(new Date(credentials.expires_at), now);

export const lastCustomer = (): string | null => {
  const stored = readStored(STORAGE_KEYS.lastCustomer);
  return typeof stored === 'string' ? stored : null;
};

/** The customer the renewal of stored credentials asks for (a super user comes back to the one they worked on last). */
export const customerToRestore = (credentials: StoredCredentials): string | null => lastCustomer() ?? credentials.last_customer;

/**
 * Whether renewing stored credentials keeps the customer their token is for: then the stored
 * session is used while the renewal is out (`provisional`).
 */
export const renewalKeepsCustomer = (credentials: StoredCredentials): boolean => {
  const customer = customerToRestore(credentials);
  return customer === null || customer === (credentials.payload.customer?._id ?? null);
};

export const identityOf = (payload: LoginPayload): Identity => ({
  role: payload.user.internal_role,
  isRoot: payload.user.is_root,
});
