import { parseAbuseLimits, throttleSubjectOf, windowOf, type Limit, type ThrottledAction, type ThrottleScope } from '@shared/users/abuse-limits';
import { config } from '../config';
import { giveBackThrottleTry, takeThrottleTry, type ThrottleWindow } from '../data/throttle-repository';
import { AppError } from '../errors';
import { logger } from '../logger';

/** The deployment's limits (defaults, with `ABUSE_LIMITS`'s overrides), read once. */
export const abuseLimits = parseAbuseLimits(config.ABUSE_LIMITS);

/** The limit of one route and scope; every route this module counts has one. */
export const limitOf = (action: ThrottledAction, scope: ThrottleScope): Limit => {
  const limit = abuseLimits[action][scope];
  if (!limit) throw new Error(`No ${scope} limit for ${action}`);
  return limit;
};

const windowFor = (action: ThrottledAction, scope: ThrottleScope, subject: string, now: Date): ThrottleWindow => {
  const { windowSeconds } = limitOf(action, scope);
  return { action, scope, subject, ...windowOf(Math.floor(now.getTime() / 1000), windowSeconds) };
};

/** The refusal of an address: failed tries (sign-in, password link) or requests (forgot-password, register). */
const REFUSAL: Record<ThrottledAction, 'too_many_attempts' | 'too_many_requests'> = {
  sign_in: 'too_many_attempts',
  set_password: 'too_many_attempts',
  forgot_password: 'too_many_requests',
  register: 'too_many_requests',
};

/** A try taken from an address's allowance; given back when it turned out not to count. */
export interface AddressTry {
  giveBack: () => Promise<void>;
}

/**
 * Takes a try of a public route for the request's source address (from the API's request
 * context), or refuses the request (429) without writing anything once the window's tries are taken.
 */
export const takeAddressTry = async (action: ThrottledAction, sourceAddress: string | null, now: Date): Promise<AddressTry> => {
  const window = windowFor(action, 'address', throttleSubjectOf(sourceAddress), now);
  if (!(await takeThrottleTry(window, limitOf(action, 'address').count))) {
    logger.warn('request throttled', { action, scope: 'address', subject: window.subject });
    throw new AppError(REFUSAL[action], { data: { retry_after: Math.max(1, window.end - Math.floor(now.getTime() / 1000)) } });
  }
  return { giveBack: () => giveBackThrottleTry(window) };
};

/**
 * Takes a try of a route for an account (its e-mail): false once the window's tries are taken,
 * for routes that then answer as usual and do nothing (nothing written either).
 */
export const takeAccountTry = async (action: ThrottledAction, email: string, now: Date): Promise<boolean> => {
  const window = windowFor(action, 'account', email.trim().toLowerCase(), now);
  const taken = await takeThrottleTry(window, limitOf(action, 'account').count);
  if (!taken) logger.warn('request throttled', { action, scope: 'account' });
  return taken;
};

const waitUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/**
 * Runs the work of a route whose answer must not tell whether an e-mail exists, and answers no
 * sooner than `minimumMs` after it started, whichever way the work went.
 */
export const answerNoSoonerThan = async <T>(minimumMs: number, work: () => Promise<T>): Promise<T> => {
  const answerAt = Date.now() + minimumMs;
  try {
    return await work();
  } finally {
    await waitUntil(answerAt);
  }
};
