import { clearLoginAttempts, getLoginAttempts, recordLoginFailure } from '../data/login-attempt-repository';
import { AppError } from '../errors';
import { limitOf } from './abuse-limits';

const nowSeconds = (now: Date): number => Math.floor(now.getTime() / 1000);

/** Refuses a sign-in for an e-mail that failed too often within the window (its account's limit); reads only. */
export const assertLoginAllowed = async (email: string, now: Date): Promise<void> => {
  const attempts = await getLoginAttempts(email);
  if (attempts && attempts.expires_at > nowSeconds(now) && attempts.failures >= limitOf('sign_in', 'account').count) {
    throw new AppError('too_many_attempts', { data: { retry_after: attempts.expires_at - nowSeconds(now) } });
  }
};

export const noteLoginFailure = (email: string, now: Date): Promise<number> =>
  recordLoginFailure(email, nowSeconds(now), limitOf('sign_in', 'account').windowSeconds);

export const noteLoginSuccess = (email: string): Promise<void> => clearLoginAttempts(email);
