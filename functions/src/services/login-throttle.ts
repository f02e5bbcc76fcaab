import { LOGIN_THROTTLE } from '@shared/constants';
import { clearLoginAttempts, getLoginAttempts, recordLoginFailure } from '../data/login-attempt-repository';
import { AppError } from '../errors';

const nowSeconds = (now: Date): number => Math.floor(now.getTime() / 1000);

/** Refuses a sign-in for an e-mail that failed too often within the window. */
export const assertLoginAllowed = async (email: string, now: Date): Promise<void> => {
  const attempts = await getLoginAttempts(email);
  if (attempts && attempts.expires_at > nowSeconds(now) && attempts.failures >= LOGIN_THROTTLE.maxFailures) {
    throw new AppError('too_many_attempts', { data: { retry_after: attempts.expires_at - nowSeconds(now) } });
  }
};

export const noteLoginFailure = (email: string, now: Date): Promise<number> =>
  recordLoginFailure(email, nowSeconds(now), LOGIN_THROTTLE.windowSeconds);

export const noteLoginSuccess = (email: string): Promise<void> => clearLoginAttempts(email);
