import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { routesOfGroup } from '@shared/api/routes';
import { AppError } from '../../functions/src/errors';
import {
  UNPAGED_LIST_RESERVE_MS,
  unpagedListBudgetOf,
  unpagedListMeter,
  withUnpagedListBudget,
} from '../../functions/src/services/unpaged-list-budget';

// The HTTP stack's reads of the caller's standing and rate limit: none here (a handler alone is tested).
vi.mock('../../functions/src/services/access-service', () => ({ assertRouteAllowed: async () => undefined }));
vi.mock('../../functions/src/services/api-rate-limits', () => ({ takeApiRequest: async () => undefined }));

const { createHttpHandler, LAMBDA_ANSWER_LIMIT_BYTES } = await import('../../functions/src/middleware/http-handler');

/** Items of about a kilobyte each, as a whole list reads them. */
const items = (count: number) => Array.from({ length: count }, (_, index) => ({ _id: `p${index}`, name: 'x'.repeat(1_000) }));

const refusalOf = (work: () => unknown): AppError | null => {
  try {
    work();
    return null;
  } catch (error) {
    return error as AppError;
  }
};

describe("an unpaged list's budget", () => {
  it('counts nothing outside an unpaged list request', () => {
    const count = unpagedListMeter();
    expect(refusalOf(() => items(10_000).forEach(count))).toBeNull();
  });

  it('refuses with 413 list_too_large once the JSON read passes what a plain answer may carry, and not before', async () => {
    const refused = await withUnpagedListBudget({ readUntil: Number.POSITIVE_INFINITY, maxBytes: 10_500 }, async () => {
      const count = unpagedListMeter();
      const read: unknown[] = [];
      const error = refusalOf(() =>
        items(50).forEach((item) => {
          count(item);
          read.push(item);
        }),
      );
      return { error, read: read.length };
    });
    expect(refused.error).toBeInstanceOf(AppError);
    expect(refused.error).toMatchObject({ code: 'list_too_large', status: 413, details: { reason: 'size' } });
    // ~1,030 bytes an item: the eleventh passes 10,500.
    expect(refused.read).toBe(10);
  });

  it('lets a client that takes gzip read on past that size', async () => {
    const error = await withUnpagedListBudget({ readUntil: Number.POSITIVE_INFINITY, maxBytes: null }, async () => refusalOf(() => items(10_000).forEach(unpagedListMeter())));
    expect(error).toBeNull();
  });

  it("refuses once the time to read is spent: the function's time left less what the answer needs after the read", async () => {
    const now = performance.now();
    expect(unpagedListBudgetOf(20_000, null, now).readUntil).toBe(now + 20_000 - UNPAGED_LIST_RESERVE_MS);
    expect(unpagedListBudgetOf(null, null, now).readUntil).toBe(Number.POSITIVE_INFINITY);
    const spent = await withUnpagedListBudget(unpagedListBudgetOf(UNPAGED_LIST_RESERVE_MS - 1, null), async () => refusalOf(() => unpagedListMeter()({ _id: 'p0' })));
    expect(spent).toMatchObject({ code: 'list_too_large', details: { reason: 'time', itemsRead: 1 } });
    const left = await withUnpagedListBudget(unpagedListBudgetOf(UNPAGED_LIST_RESERVE_MS + 60_000, null), async () => refusalOf(() => items(1_000).forEach(unpagedListMeter())));
    expect(left).toBeNull();
  });
});

/** The `points` group's handler, its `GET /api/v1/points` reading `count` items through the meter, every other operation unused. */
const pointsHandler = (count: number) =>
  createHttpHandler(
    'points',
    Object.fromEntries(
      routesOfGroup('points').map((route) => [
        route.operation,
        route.operation === 'listPoints'
          ? async () => {
              const meter = unpagedListMeter();
              return items(count).map((item) => (meter(item), item));
            }
          : () => null,
      ]),
    ) as never,
  );

const caller = { userId: 'u1', customerId: 'c1', homeCustomerId: 'c1', role: 'administrator', isRoot: 'false', remember: 'false', printReport: '' };
const listPoints = (query: Record<string, string> | null, headers: Record<string, string>) =>
  ({ httpMethod: 'GET', resource: '/api/v1/points', headers, queryStringParameters: query, requestContext: { requestId: 'unpaged-test', authorizer: caller } }) as unknown as APIGatewayProxyEvent;
const contextWith = (timeLeftMs: number) => ({ awsRequestId: 'unpaged-test', getRemainingTimeInMillis: () => timeLeftMs }) as unknown as Context;
const GZIP = { Accept: 'application/json', 'Accept-Encoding': 'gzip' };
const PLAIN = { Accept: 'application/json' };

describe('the unpaged call of a paged list, through the HTTP stack', () => {
  it('answers 413 list_too_large to a client without gzip past 6 MB, where any other answer gets 502 answer_too_large', async () => {
    const answer = await pointsHandler(7_000)(listPoints(null, PLAIN), contextWith(15_000));
    expect(answer.statusCode).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ res: false, msg: 'list_too_large' });
  });

  it('answers the same list whole to a client that takes gzip, under 6 MB as Lambda returns it', async () => {
    const answer = await pointsHandler(7_000)(listPoints(null, GZIP), contextWith(15_000));
    expect(answer.statusCode).toBe(200);
    const body = gunzipSync(Buffer.from(answer.body, 'base64'));
    expect(body.byteLength).toBeGreaterThan(LAMBDA_ANSWER_LIMIT_BYTES);
    expect((JSON.parse(body.toString('utf8')) as { data: unknown[] }).data).toHaveLength(7_000);
  });

  it("answers 413 list_too_large when the function's time left would not let it read and answer, instead of a timeout's 502", async () => {
    const answer = await pointsHandler(10)(listPoints(null, GZIP), contextWith(UNPAGED_LIST_RESERVE_MS - 100));
    expect(answer.statusCode).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ res: false, msg: 'list_too_large' });
  });

  it('holds no budget on a page: a page is answered whatever the time left', async () => {
    const answer = await pointsHandler(10)(listPoints({ limit: '50' }, GZIP), contextWith(UNPAGED_LIST_RESERVE_MS - 100));
    expect(answer.statusCode).toBe(200);
  });
});
