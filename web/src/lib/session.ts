import { useMemo, useSyncExternalStore } from 'react';
import type { AccessContext } from '@shared/permissions/abilities';
import { permissionSetFor } from '@shared/permissions/abilities';
import type { PermissionSet } from '@shared/permissions/default-permissions';
import type { Viewer } from '@shared/permissions/ownership';
import type { LoginPayload } from '@shared/schemas/session';
import { isSessionExpired } from '@shared/session';
import { removeStored, STORAGE_KEYS, writeStored } from './storage';
import { credentialsLive, readCredentials, renewalKeepsCustomer, type StoredCredentials } from './stored-credentials';

export { customerToRestore, identityOf, lastCustomer, renewalKeepsCustomer, type StoredCredentials } from './stored-credentials';

/**
 * Session states of spec 1 §4.1. "Locked" and "already connected elsewhere" are moments of the
 * login form and of the realtime channel; they end in one of these three.
 *
 * Pending authentication (stored credentials being renewed) takes one of two forms. When the
 * renewal keeps the customer the stored token is for (almost always), the stored session is used
 * at once, `provisional`: the pages are drawn and their data asked with the stored token while the
 * renewal is out, and its answer confirms the session (or ends it). When the renewal moves a super
 * user to another customer, nothing of the stored one is shown: `pending`, a loader.
 */
export type SessionState =
  | { status: 'logged-out' }
  | { status: 'pending'; credentials: StoredCredentials }
  | { status: 'logged-in'; payload: LoginPayload; credentials: StoredCredentials; provisional: boolean };

const initialState = (): SessionState => {
  const credentials = readCredentials();
  if (!credentials) return { status: 'logged-out' };
  if (!credentialsLive(credentials)) {
    removeStored(STORAGE_KEYS.credentials);
    return { status: 'logged-out' };
  }
  return renewalKeepsCustomer(credentials)
    ? { status: 'logged-in', payload: credentials.payload, credentials, provisional: true }
    : { status: 'pending', credentials };
};

let state: SessionState = initialState();
const listeners = new Set<() => void>();

const setState = (next: SessionState) => {
  state = next;
  listeners.forEach((listener) => listener());
};

export const getSession = (): SessionState => state;

export const subscribeSession = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useSession = (): SessionState => useSyncExternalStore(subscribeSession, getSession);

/**
 * One fact of the session, the component drawn again only when that fact changes (`select` returns
 * a primitive or a part of the state, never a new object): the frame above every page (theme,
 * router) is not drawn again when a renewal replaces the session's token.
 */
export const useSessionWith = <T>(select: (session: SessionState) => T): T => useSyncExternalStore(subscribeSession, () => select(state));

/** The stored credentials being renewed (the session is pending or provisional), else null. */
export const credentialsBeingRestored = (session: SessionState): StoredCredentials | null =>
  session.status === 'pending' || (session.status === 'logged-in' && session.provisional) ? session.credentials : null;

export const isRestoring = (session: SessionState): boolean => credentialsBeingRestored(session) !== null;

/** Whether the session is still the one being restored from these credentials (no logout, sign-in or change of customer meanwhile). */
export const stillRestoring = (credentials: StoredCredentials): boolean => credentialsBeingRestored(state)?.token === credentials.token;

/** For components under the authenticated layout, where a session always exists. */
export const useLoginPayload = (): LoginPayload => {
  const session = useSession();
  if (session.status !== 'logged-in') throw new Error('useLoginPayload() used outside a signed-in page');
  return session.payload;
};

const commit = (credentials: StoredCredentials, provisional = false): void => {
  writeStored(STORAGE_KEYS.credentials, credentials);
  // Kept after logout: a super user comes back to the customer they worked on last.
  writeStored(STORAGE_KEYS.lastCustomer, credentials.last_customer);
  setState({ status: 'logged-in', payload: credentials.payload, credentials, provisional });
};

/**
 * Starts (or replaces, after a renewal or a change of customer) the session with a login payload.
 * Its life is measured on this browser's clock from now, so a skewed clock neither ends nor
 * renews the session early.
 */
export const startSession = (payload: LoginPayload, now: number = Date.now()): void => {
  const life = Date.parse(payload.user.expires_at) - Date.parse(payload.user.issued_at);
  commit({
    token: payload.user.jwt,
    issued_at: new Date(now).toISOString(),
    expires_at: new Date(now + life).toISOString(),
    remember: payload.user.remember,
    last_customer: payload.customer?._id ?? null,
    payload,
  });
};

/** Carries on with stored credentials as they are, when the server could not renew them. */
export const resumeSession = (credentials: StoredCredentials): void => commit(credentials);

/** Clears the stored credentials and the lock; preferences (language, sidebar) and saved data stay. */
export const endSession = (): void => {
  removeStored(STORAGE_KEYS.credentials);
  removeStored(STORAGE_KEYS.locked);
  if (state.status !== 'logged-out') setState({ status: 'logged-out' });
};

export const updateSessionUser = (changes: Partial<LoginPayload['user']>): void => {
  if (state.status !== 'logged-in') return;
  const { credentials, provisional } = state;
  commit({ ...credentials, payload: { ...credentials.payload, user: { ...credentials.payload.user, ...changes } } }, provisional);
};

/** The identity the calls carry: the signed-in user's, or while a stored session is being renewed, the stored one's. */
export const sessionPayload = (): LoginPayload | null => {
  if (state.status === 'logged-in') return state.payload;
  if (state.status === 'pending') return state.credentials.payload;
  return null;
};

/** The bearer token of the current (or being restored) session. */
export const sessionToken = (): string | null => {
  if (state.status === 'logged-in') return state.payload.user.jwt;
  if (state.status === 'pending') return state.credentials.token;
  return null;
};

/**
 * The signed-in user as the ownership policy sees them (under a signed-in page): the same object
 * until the user, their role or their root flag changes, so a renewed token does not draw the
 * page's owned objects again.
 */
export const useViewer = (): Viewer => {
  const payloadOf = (session: SessionState) => (session.status === 'logged-in' ? session.payload : null);
  const userId = useSessionWith((session) => payloadOf(session)?.user._id ?? '');
  const role = useSessionWith((session) => payloadOf(session)?.user.internal_role ?? 'member');
  const isRoot = useSessionWith((session) => payloadOf(session)?.user.is_root ?? false);
  return useMemo(() => ({ userId, role, isRoot }), [userId, role, isRoot]);
};

/** The user's permission set is the one named by their internal role (spec 1 §6). */
export const permissionsOf = (payload: LoginPayload): PermissionSet =>
  permissionSetFor(payload.permissions, payload.user.internal_role);

export const isSessionLive = (session: SessionState, now: Date = new Date()): session is Extract<SessionState, { status: 'logged-in' }> =>
  session.status === 'logged-in' && !isSessionExpired(new Date(session.credentials.expires_at), now);

export const accessContextOf = (session: SessionState): AccessContext =>
  isSessionLive(session)
    ? { loggedIn: true, permissions: permissionsOf(session.payload), isPremium: session.payload.is_premium }
    : { loggedIn: false, permissions: {}, isPremium: false };
