import { windowOf } from '../users/abuse-limits';

/**
 * How many requests of the signed-in API one customer may send per window, by licence: what keeps
 * a script hammering the API from taking the deployment's capacity from the other customers. The
 * deployment may change them (`apiRateLimits` in the CDK context, `API_RATE_LIMITS` in the
 * functions): `basic=1200/60,premium=3000/60`, each `<licence>=<count>/<seconds>`; one customer
 * may carry its own (`api_rate_limit` on its item, an operator's setting). Reasons and figures:
 * docs/architecture/api-rate-limits.md.
 */
export const LICENCES = ['basic', 'premium'] as const;
export type Licence = (typeof LICENCES)[number];

export interface RateLimit {
  count: number;
  windowSeconds: number;
}

export type ApiRateLimits = Record<Licence, RateLimit>;

/**
 * Far above the web app's own bursts (a dashboard, an import, a settings screen: tens of calls in
 * a few seconds for one user), so that only a script notices them: a customer's users together
 * may average 20 (basic) and 50 (premium) requests a second over each minute.
 */
export const DEFAULT_API_RATE_LIMITS: ApiRateLimits = {
  basic: { count: 1200, windowSeconds: 60 },
  premium: { count: 3000, windowSeconds: 60 },
};

/** The defaults with the setting's overrides; a malformed entry is refused rather than ignored. */
export const parseApiRateLimits = (setting: string | null | undefined): ApiRateLimits => {
  const limits: ApiRateLimits = { ...DEFAULT_API_RATE_LIMITS };
  for (const entry of (setting ?? '').split(/[\s,]+/).filter(Boolean)) {
    const match = /^([a-z]+)=([1-9]\d{0,6})\/([1-9]\d{0,4})$/.exec(entry);
    if (!match || !(LICENCES as readonly string[]).includes(match[1])) {
      throw new Error(`API rate limit "${entry}" is not <basic|premium>=<count>/<seconds>`);
    }
    limits[match[1] as Licence] = { count: Number(match[2]), windowSeconds: Number(match[3]) };
  }
  return limits;
};

/** Who a request is counted for. */
export interface RateCaller {
  userId: string;
  customerId: string | null;
  isSuperUser: boolean;
  /** The PDF renderer's page (a print token). */
  printsReport: boolean;
}

/**
 * A customer's users share their customer's allowance. Root and super users, who work in any
 * customer, each have their own (at the premium limit): their work never spends the allowance of
 * the customer they look at. The PDF renderer is not counted: it is the product's own background
 * work, bounded by its function's reserved concurrency.
 */
export const rateSubjectOf = (caller: RateCaller): { scope: 'customer' | 'user'; subject: string } | null => {
  if (caller.printsReport) return null;
  if (caller.isSuperUser || !caller.customerId) return { scope: 'user', subject: caller.userId };
  return { scope: 'customer', subject: caller.customerId };
};

/** A customer's own limit when it has one, else its licence's; operators count at the premium limit. */
export const rateLimitOf = (limits: ApiRateLimits, scope: 'customer' | 'user', customer: { is_premium?: boolean; api_rate_limit?: { count: number; window_seconds: number } } | null): RateLimit => {
  if (scope === 'user') return limits.premium;
  if (customer?.api_rate_limit) return { count: customer.api_rate_limit.count, windowSeconds: customer.api_rate_limit.window_seconds };
  return customer?.is_premium ? limits.premium : limits.basic;
};

/** The fixed window an instant (milliseconds) falls in, in epoch seconds, and how long until it ends (at least a second). */
export const rateWindowAt = (nowMs: number, windowSeconds: number): { start: number; end: number; retryAfterSeconds: number } => {
  const { start, end } = windowOf(Math.floor(nowMs / 1000), windowSeconds);
  return { start, end, retryAfterSeconds: Math.max(1, Math.ceil(end - nowMs / 1000)) };
};

