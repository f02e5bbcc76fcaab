import { beforeAll, describe, expect, it } from 'vitest';
import { fillPath, pathParameterNames, ROUTES, type RouteDefinition } from '@shared/api/routes';
import type { LoginPayload } from '@shared/schemas/session';
import { api, login, type AccountName } from '../support/api';

/**
 * Every route whose effect crosses customers (listed with its rule in tests/unit/global-routes.test.ts),
 * called on the deployed API by customers' members and administrators: refused at the gate, or,
 * where the vendor's signature decides, refused without it. Nothing they send changes what other
 * customers see.
 */
const globalRoutes = ROUTES.filter((route) => route.global !== null);

/** A report each vendor-signed route is sent by a customer's user without the vendor's signature: it must change nothing. */
const UNSIGNED_REPORTS: Record<string, unknown> = {
  reportSpy: { result: { data: { is_locked: true, is_allowed_to_update: false } }, is_locked: true, is_allowed_to_update: false },
};

/** Values of path parameters: an id of the right shape that names nothing, or the parameter's own. */
const PARAMETERS: Record<string, string> = { name: 'custom_logo' };
const pathOf = (route: RouteDefinition) =>
  fillPath(route.path, Object.fromEntries(pathParameterNames(route.path).map((name) => [name, PARAMETERS[name] ?? 'zz-global-routes'])));

const CUSTOMER_CALLERS: AccountName[] = ['premiumMember', 'premiumAdministrator', 'basicAdministrator'];
const payloads = new Map<AccountName, LoginPayload>();

beforeAll(async () => {
  for (const account of CUSTOMER_CALLERS) payloads.set(account, await login(account));
});

describe.each(globalRoutes.map((route) => [`${route.method} ${route.path} (${route.global})`, route] as const))('%s', (_, route) => {
  it.each(CUSTOMER_CALLERS)('is refused to %s on their own word', async (account) => {
    const { jwt } = payloads.get(account)!.user;
    if (route.global === 'vendor-signature') {
      expect(UNSIGNED_REPORTS[route.operation], `an unsigned report for ${route.operation}`).toBeDefined();
      const answer = await api(route.method, pathOf(route), { token: jwt, body: UNSIGNED_REPORTS[route.operation] });
      expect([answer.status, answer.body.msg]).toEqual([400, 'vendor_signature_missing']);
    } else {
      // The body the route would take does not matter: the gate answers before the body is read.
      const answer = await api(route.method, pathOf(route), { token: jwt, ...(route.body ? { body: {} } : {}) });
      expect([answer.status, answer.body.msg]).toEqual([403, 'forbidden']);
    }
  });
});
