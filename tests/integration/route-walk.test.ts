import { beforeAll, describe, expect, it } from 'vitest';
import { ANY_SIGNED_IN_USER, fillPath, pathParameterNames, ROUTES, type RouteDefinition } from '@shared/api/routes';
import { can, permissionSetFor } from '@shared/permissions/abilities';
import type { LoginPayload } from '@shared/schemas/session';
import { api, login, type AccountName } from '../support/api';

/**
 * Walks every route of the table as every kind of caller and checks the status the table implies:
 * 401 without a token, 403 `forbidden` without the permission (or root for root-only routes), 403
 * `premium_required` for a customer without the licence, otherwise through the gate — a success
 * whose data matches the route's answer schema, or the route's own refusal of an empty body or an
 * unknown id. A route added to the table later is walked without a new test.
 */
const CALLERS: AccountName[] = ['premiumMember', 'premiumAdministrator', 'basicAdministrator', 'basicMember', 'super', 'root'];

/** An id of the right shape that names nothing. */
const UNKNOWN_ID = 'zz-unknown';

/** Values of path parameters that are not ids. */
const OTHER_PARAMETERS: Record<string, string> = {
  from: 'none',
  to: 'none',
  regexp: '^route-walk-names-no-file$',
  skip: '0',
  limit: '20',
  period: 'month',
  // A customization name that names none: refused by its schema, so the walk removes no logo.
  name: 'custom_route_walk',
  // An export's view: no custom end date, no custom sampling.
  endDate: 'none',
  sampling: 'none',
  // A report's first widget of its first page.
  pageIndex: '0',
  widgetIndex: '0',
};

const pathWith = (route: RouteDefinition, id: string) =>
  fillPath(route.path, Object.fromEntries(pathParameterNames(route.path).map((name) => [name, OTHER_PARAMETERS[name] ?? id])));

const takesId = (route: RouteDefinition) => pathParameterNames(route.path).some((name) => !(name in OTHER_PARAMETERS));

/** Calls that change nothing when they succeed, so they may be made with real data. */
const isHarmless = (route: RouteDefinition) => route.method === 'GET' && !takesId(route) && !route.sideEffect;

type Expected = 'unauthorized' | 'forbidden' | 'premium_required' | 'through';

const expectedFor = (route: RouteDefinition, payload: LoginPayload | null): Expected => {
  if (route.access === 'public') return 'through';
  if (!payload) return 'unauthorized';
  const set = permissionSetFor(payload.permissions, payload.user.internal_role);
  if (route.permission !== ANY_SIGNED_IN_USER && route.permission !== null && !can(set, route.permission, route.action)) return 'forbidden';
  if (route.rootOnly && !payload.user.is_root) return 'forbidden';
  if (route.premium && !payload.customer.is_premium) return 'premium_required';
  return 'through';
};

const payloads = new Map<AccountName, LoginPayload>();

beforeAll(async () => {
  for (const account of CALLERS) payloads.set(account, await login(account));
});

const call = (route: RouteDefinition, token: string | undefined) =>
  api(route.method, pathWith(route, UNKNOWN_ID), { token, ...(route.body ? { body: {} } : {}) });

describe.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_, route) => {
  it('refuses an anonymous caller of a signed-in route with 401', async () => {
    const answer = await call(route, undefined);
    if (route.access === 'signed-in') expect(answer.status).toBe(401);
    else expect(answer.status).not.toBe(401);
  });

  it.each(CALLERS)('answers %s as the route table says', async (account) => {
    const payload = payloads.get(account)!;
    const expected = expectedFor(route, payload);
    // A route with a side effect (restart, update, dump) is only walked up to its gate: its own
    // tests (application.test.ts) make the calls that go through.
    if (expected === 'through' && route.sideEffect) return;
    const answer = await call(route, payload.user.jwt);
    if (expected === 'through') {
      expect([401, 403, 500]).not.toContain(answer.status);
      if (isHarmless(route)) {
        expect(answer.status).toBe(200);
        const parsed = route.response.safeParse(route.raw ? answer.body : answer.body.data);
        expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
      } else {
        // An empty body is refused by the body's schema (or, where every field has a default, accepted), an unknown id is not found.
        expect([200, 400, 404]).toContain(answer.status);
      }
    } else {
      expect(answer.status).toBe(expected === 'unauthorized' ? 401 : 403);
      expect(answer.body.msg).toBe(expected);
    }
  });
});

/** Bodies their schema takes, for routes whose path names an object and that also have a body: the id alone then decides. */
const VALID_BODIES: Record<string, unknown> = {
  updateSource: { name: 'Source', type: 'custom' },
  createSourcePoints: { keys: ['device/point'] },
  acceptRegistration: { customer: 'cust-route-walk', type: 'administrator' },
  messageConnectedUser: { title: 'Maintenance', message: 'Redémarrage à 18 h', type: 'info' },
  updateLocationMaplyticsSettings: { maplytics_custom_settings: { levels: null } },
  updatePointMaplyticsSettings: { maplytics_custom_settings: { levels: null } },
  updateWidgetLayout: { position: 1 },
};

describe('ids in paths', () => {
  const idRoutes = ROUTES.filter((route) => route.access === 'signed-in' && takesId(route));

  it.each(idRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers 400 for a malformed id and 404 for another customer\'s id',
    async (_, route) => {
      // A premium route refuses the basic customer before reading its path: the premium customer's
      // administrator asks instead, for an alert id that names nothing of theirs (alerts.test.ts
      // checks another customer's alert).
      const administrator = route.premium ? 'premiumAdministrator' : 'basicAdministrator';
      // Routes of super users' screens (super users, registrations, connected users) are asked by a super user.
      const { user } = payloads.get(expectedFor(route, payloads.get(administrator)!) === 'through' ? administrator : 'super')!;
      const malformed = await api(route.method, pathWith(route, 'not an id!'), { token: user.jwt, ...(route.body ? { body: {} } : {}) });
      expect(malformed.status).toBe(400);
      // The premium customer's own objects (demo data): of the kind the path names. Premium routes
      // naming sites or points (maplytics) are asked, by the premium customer, about the basic
      // customer's site, or a point that names nothing of theirs (maplytics.test.ts checks another
      // customer's point).
      const theirs = route.premium && (route.path.includes('/locations/') || route.path.endsWith('{locationId}'))
        ? 'loc-mairie'
        : route.premium && route.path.includes('/points/')
          ? 'pt-route-walk-nothing'
          : route.path.startsWith('/api/v1/alerts/')
        ? 'alr-00000000-0000-4000-8000-000000000000'
        : route.path.includes('/tabs/')
        ? 'tab-demo-electricite'
        : route.path.includes('/widgets/')
          ? 'wgt-demo-month'
          : route.path.includes('/images/')
            ? 'img-demo-site'
          : route.path.includes('/locations/') || route.path.endsWith('{locationId}')
            ? 'loc-lyon-a'
            : 'pt-elec-index';
      const answer = await api(route.method, pathWith(route, theirs), { token: user.jwt, ...(route.body ? { body: VALID_BODIES[route.operation] ?? {} } : {}) });
      expect(answer.status).toBe(404);
    },
  );

  it('covers every route of the table that takes an id', () => {
    expect(idRoutes.length).toBeGreaterThanOrEqual(5);
  });
});
