import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { rateWindowAt } from '@shared/customers/api-rate-limits';
import { keys } from '../../functions/src/data/keys';
import { login } from '../support/api';
import { entities } from '../support/aws';
import { createTestCustomer, seedUser, tokenOf } from '../support/customers';
import { testEnvironment } from '../support/environment';

/**
 * The signed-in API's rate limit per customer against the deployed API. The test deployment keeps
 * the licences' limits, far above what the suite sends; the throttled customer is one of this
 * file's own, given its own low limit on its item (the operator's setting), so no other file is touched.
 */

const LIMIT = { count: 3, window_seconds: 3600 };

/** The API answer with its headers (the suite's `api` helper keeps status and body only). */
const call = async (method: string, path: string, token: string, body?: unknown) => {
  const answer = await fetch(`${testEnvironment().restBaseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, retryAfter: answer.headers.get('retry-after'), body: (await answer.json()) as { res: boolean; msg?: string; data?: any } };
};

const countedOf = async (customerId: string) => {
  const { start } = rateWindowAt(Date.now(), LIMIT.window_seconds);
  return (await entities.get(keys.throttleWindow('api', 'customer', customerId, start)))?.tries;
};

/** Windows are fixed: a run that would straddle two waits for the next one, so that its requests all count in one. */
const roomInWindow = async (neededSeconds: number): Promise<void> => {
  const { retryAfterSeconds } = rateWindowAt(Date.now(), LIMIT.window_seconds);
  if (retryAfterSeconds < neededSeconds) await new Promise((resolve) => setTimeout(resolve, (retryAfterSeconds + 1) * 1000));
};

let throttled: { customerId: string; token: string };
let neighbour: string;

beforeAll(async () => {
  const root = (await login('root')).user.jwt;
  const customer = await createTestCustomer(root);
  // Before any request of its users: no function has read the customer yet.
  await entities.set(keys.customer(customer._id), { api_rate_limit: LIMIT });
  throttled = { customerId: customer._id, token: await tokenOf(await seedUser(customer._id, 'administrator')) };
  neighbour = (await login('basicAdministrator')).user.jwt;
});

describe('API rate limit per customer', () => {
  it("refuses a customer past its limit with 429 and Retry-After, writing nothing, while another customer's call at the same moment succeeds", async () => {
    await roomInWindow(30);
    for (let request = 0; request < LIMIT.count; request += 1) expect((await call('GET', '/api/v1/tabs', throttled.token)).status).toBe(200);
    expect(await countedOf(throttled.customerId)).toBe(LIMIT.count);

    const name = `Onglet refusé ${randomUUID().slice(0, 8)}`;
    const [refused, served] = await Promise.all([
      call('POST', '/api/v1/tabs', throttled.token, { data: { name } }),
      call('GET', '/api/v1/tabs', neighbour),
    ]);

    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ res: false, msg: 'rate_limited', data: { retry_after: expect.any(Number) } });
    const wait = refused.body.data.retry_after as number;
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(LIMIT.window_seconds);
    expect(refused.retryAfter).toBe(String(wait));
    const { PK, prefix } = keys.ownedOfCustomer(throttled.customerId, 'tab');
    expect((await entities.withPrefix(PK, prefix)).map((tab) => tab.name)).not.toContain(name);
    expect(await countedOf(throttled.customerId)).toBe(LIMIT.count);

    expect(served.status, JSON.stringify(served.body)).toBe(200);
    expect(served.body.res).toBe(true);
  });
});
