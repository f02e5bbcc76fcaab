import type { RouteDefinition } from '@shared/api/routes';
import { parseApiRateLimits, rateLimitOf, rateSubjectOf, rateWindowAt } from '@shared/customers/api-rate-limits';
import { isSuperUser } from '@shared/permissions/roles';
import { config } from '../config';
import { takeThrottleTry } from '../data/throttle-repository';
import { AppError } from '../errors';
import { logger } from '../logger';
import { knownCustomer } from './access-service';
import type { Caller } from './caller';

/** The deployment's limits per licence (defaults, with `API_RATE_LIMITS`'s overrides), read once. */
export const apiRateLimits = parseApiRateLimits(config.API_RATE_LIMITS);

/**
 * Counts a signed-in request against its caller's limit (the route's `rateCost`), in one
 * conditional update of the window's item, or refuses it (429 `rate_limited`, Retry-After) before
 * anything else is read or written.
 */
export const takeApiRequest = async (route: RouteDefinition, caller: Caller, now: Date): Promise<void> => {
  if (route.rateCost === 0) return;
  const counted = rateSubjectOf({ userId: caller.userId, customerId: caller.customerId, isSuperUser: isSuperUser(caller), printsReport: Boolean(caller.printReport) });
  if (!counted) return;
  const customer = counted.scope === 'customer' ? await knownCustomer(counted.subject) : null;
  const limit = rateLimitOf(apiRateLimits, counted.scope, customer);
  const { start, end, retryAfterSeconds } = rateWindowAt(now.getTime(), limit.windowSeconds);
  const window = { action: 'api', scope: counted.scope, subject: counted.subject, start, end };
  if (await takeThrottleTry(window, limit.count, route.rateCost)) return;
  logger.warn('request throttled', { action: 'api', scope: counted.scope, subject: counted.subject, operation: route.operation });
  throw new AppError('rate_limited', { data: { retry_after: retryAfterSeconds } });
};
