import { formatAddress, literalAddressOf, plainAddress } from '../network/ip-address';

/**
 * Abuse limits of the public account routes (sign-in, forgot-password, register, the password
 * link): how many tries one source address, and one account (e-mail), get per window. The
 * deployment may change any of them (`abuseLimits` in the CDK context, `ABUSE_LIMITS` in the
 * functions): `sign_in.address=30/900,register.account=3/3600`, each `<count>/<seconds>`.
 */
export const THROTTLED_ACTIONS = ['sign_in', 'forgot_password', 'register', 'set_password'] as const;
export type ThrottledAction = (typeof THROTTLED_ACTIONS)[number];
export type ThrottleScope = 'address' | 'account';

export interface Limit {
  count: number;
  windowSeconds: number;
}

export type AbuseLimits = Record<ThrottledAction, Partial<Record<ThrottleScope, Limit>>>;

/**
 * What is counted: failed sign-ins and failed password-link uses (a success gives its try back),
 * every forgot-password and register request. Past an address's limit the route answers 429;
 * past an account's limit forgot-password and register answer as usual and do nothing (the
 * answer must not tell whether the e-mail exists), sign-in refuses the account for its window.
 * A password link works once and a wrong token names no account: it is limited by address only.
 */
export const DEFAULT_ABUSE_LIMITS: AbuseLimits = {
  sign_in: { address: { count: 30, windowSeconds: 15 * 60 }, account: { count: 5, windowSeconds: 15 * 60 } },
  forgot_password: { address: { count: 20, windowSeconds: 60 * 60 }, account: { count: 3, windowSeconds: 60 * 60 } },
  register: { address: { count: 10, windowSeconds: 60 * 60 }, account: { count: 3, windowSeconds: 60 * 60 } },
  set_password: { address: { count: 20, windowSeconds: 15 * 60 } },
};

/** The defaults with the setting's overrides; a malformed entry is refused rather than ignored. */
export const parseAbuseLimits = (setting: string | null | undefined): AbuseLimits => {
  const limits: AbuseLimits = Object.fromEntries(THROTTLED_ACTIONS.map((action) => [action, { ...DEFAULT_ABUSE_LIMITS[action] }])) as AbuseLimits;
  for (const entry of (setting ?? '').split(/[\s,]+/).filter(Boolean)) {
    const match = /^([a-z_]+)\.(address|account)=([1-9]\d{0,5})\/([1-9]\d{0,6})$/.exec(entry);
    const action = match?.[1] as ThrottledAction | undefined;
    if (!match || !action || !(THROTTLED_ACTIONS as readonly string[]).includes(action) || !(match[2] in DEFAULT_ABUSE_LIMITS[action])) {
      throw new Error(`Abuse limit "${entry}" is not <action>.<address|account>=<count>/<seconds> of a limit that exists`);
    }
    limits[action][match[2] as ThrottleScope] = { count: Number(match[3]), windowSeconds: Number(match[4]) };
  }
  return limits;
};

/** The window an instant falls in: windows are fixed, `windowSeconds` long, counted from the epoch. */
export const windowOf = (nowSeconds: number, windowSeconds: number): { start: number; end: number } => {
  const start = Math.floor(nowSeconds / windowSeconds) * windowSeconds;
  return { start, end: start + windowSeconds };
};

/**
 * Whose tries a source address counts as: an IPv4 address itself (an IPv4-mapped IPv6 one too),
 * an IPv6 address its /64 (one subscriber's network hands out more addresses than any limit).
 */
export const throttleSubjectOf = (sourceAddress: string | null | undefined): string => {
  const bytes = sourceAddress ? literalAddressOf(sourceAddress) : null;
  if (!bytes) return 'unknown';
  const plain = plainAddress(bytes);
  if (plain.length === 4) return formatAddress(plain);
  return `${formatAddress([...plain.slice(0, 8), ...Array<number>(8).fill(0)])}/64`;
};
