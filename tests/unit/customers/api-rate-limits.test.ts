import { describe, expect, it } from 'vitest';
import { API, ROUTES } from '@shared/api/routes';
import { errorCodesOf } from '@shared/api/openapi';
import { DEFAULT_API_RATE_LIMITS, parseApiRateLimits, rateLimitOf, rateSubjectOf, rateWindowAt } from '@shared/customers/api-rate-limits';
import { AppError } from '../../../functions/src/errors';
import { mapError } from '../../../functions/src/middleware/error-mapper';

describe('API rate limits setting', () => {
  it('is the defaults when empty, a premium licence getting more than a basic one', () => {
    expect(parseApiRateLimits('')).toEqual(DEFAULT_API_RATE_LIMITS);
    expect(parseApiRateLimits(undefined)).toEqual(DEFAULT_API_RATE_LIMITS);
    const perSecond = (licence: 'basic' | 'premium') => DEFAULT_API_RATE_LIMITS[licence].count / DEFAULT_API_RATE_LIMITS[licence].windowSeconds;
    expect(perSecond('premium')).toBeGreaterThan(perSecond('basic'));
  });

  it('overrides only the licence it names', () => {
    expect(parseApiRateLimits('premium=50/10')).toEqual({ basic: DEFAULT_API_RATE_LIMITS.basic, premium: { count: 50, windowSeconds: 10 } });
  });

  it.each(['gold=5/60', 'basic=0/60', 'basic=5', 'basic=5/0', 'basic.customer=5/60', 'premium=-1/60'])('refuses %s rather than guess', (setting) => {
    expect(() => parseApiRateLimits(setting)).toThrow(/API rate limit/);
  });
});

describe('API rate windows', () => {
  it('are fixed, counted from the epoch, and say how long until the next one (whole seconds, at least one)', () => {
    expect(rateWindowAt(1_000_000_000, 60)).toEqual({ start: 999_960, end: 1_000_020, retryAfterSeconds: 20 });
    // 0.4 s before the end: still a whole second to wait, never 0.
    expect(rateWindowAt(1_000_019_600, 60)).toMatchObject({ start: 999_960, retryAfterSeconds: 1 });
    expect(rateWindowAt(1_000_019_999, 60).retryAfterSeconds).toBe(1);
    // The first millisecond of a window starts it, with its whole length to wait.
    expect(rateWindowAt(1_000_020_000, 60)).toEqual({ start: 1_000_020, end: 1_000_080, retryAfterSeconds: 60 });
    expect(rateWindowAt(1_000_020_500, 60).retryAfterSeconds).toBe(60);
  });
});

describe('who a request is counted for', () => {
  const member = { userId: 'usr-1', customerId: 'cust-a', isSuperUser: false, printsReport: false };

  it("counts a customer's users together, super users and root each on their own, and never the PDF renderer", () => {
    expect(rateSubjectOf(member)).toEqual({ scope: 'customer', subject: 'cust-a' });
    expect(rateSubjectOf({ ...member, userId: 'usr-2' })).toEqual({ scope: 'customer', subject: 'cust-a' });
    expect(rateSubjectOf({ ...member, userId: 'su-1', isSuperUser: true })).toEqual({ scope: 'user', subject: 'su-1' });
    expect(rateSubjectOf({ ...member, userId: 'root', customerId: null, isSuperUser: true })).toEqual({ scope: 'user', subject: 'root' });
    expect(rateSubjectOf({ ...member, printsReport: true })).toBeNull();
  });

  it("limits a customer by its licence, or by its own limit when it has one; a super user at the premium limit", () => {
    const limits = parseApiRateLimits('basic=100/60,premium=300/60');
    expect(rateLimitOf(limits, 'customer', { is_premium: false })).toEqual({ count: 100, windowSeconds: 60 });
    expect(rateLimitOf(limits, 'customer', { is_premium: true })).toEqual({ count: 300, windowSeconds: 60 });
    expect(rateLimitOf(limits, 'customer', { is_premium: true, api_rate_limit: { count: 5, window_seconds: 600 } })).toEqual({ count: 5, windowSeconds: 600 });
    expect(rateLimitOf(limits, 'user', null)).toEqual({ count: 300, windowSeconds: 60 });
  });
});

describe('what a route costs', () => {
  it('counts every signed-in route, a PDF print as ten requests, and no public route', () => {
    for (const route of ROUTES) {
      if (route.access === 'public') expect(route.rateCost, route.operation).toBe(0);
      else expect(route.rateCost, route.operation).toBeGreaterThanOrEqual(1);
    }
    expect(API.exportReportPdf.rateCost).toBe(10);
    expect(API.listPoints.rateCost).toBe(1);
  });

  it('documents the refusal on every counted route of the OpenAPI description', () => {
    expect(errorCodesOf(API.listPoints)).toContain('rate_limited');
    expect(errorCodesOf(API.authenticate)).not.toContain('rate_limited');
  });
});

describe('the refusal', () => {
  it('says when to try again in the Retry-After header as well as in its data, in whole seconds', () => {
    expect(mapError(new AppError('rate_limited', { data: { retry_after: 42 } }))).toEqual({
      status: 429,
      body: { res: false, msg: 'rate_limited', data: { retry_after: 42 } },
      headers: { 'Retry-After': '42' },
    });
    expect(mapError(new AppError('too_many_attempts', { data: { retry_after: 12.3 } })).headers).toEqual({ 'Retry-After': '13' });
    expect(mapError(new AppError('forbidden')).headers).toEqual({});
    expect(mapError(new Error('boom'))).toEqual({ status: 500, body: { res: false, msg: 'internal_error' }, headers: {} });
  });
});
