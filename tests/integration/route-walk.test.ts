import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANY_SIGNED_IN_USER, fillPath, pathParameterNames, ROUTES, type OwnedKind, type RouteDefinition } from '@shared/api/routes';
import { can, permissionSetFor } from '@shared/permissions/abilities';
import type { FileLists } from '@shared/schemas/meter-file';
import type { LoginPayload } from '@shared/schemas/session';
import { api, login, type AccountName } from '../support/api';
import { createTestCustomer, seedUser, signInStatus } from '../support/customers';
import { eventually } from '../support/eventually';

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

/** The path with every id parameter set to `id` (or to what `ids` gives it), the other parameters to their value. */
const pathWith = (route: RouteDefinition, id: string, ids: Record<string, string> = {}) =>
  fillPath(route.path, Object.fromEntries(pathParameterNames(route.path).map((name) => [name, OTHER_PARAMETERS[name] ?? ids[name] ?? id])));

const idParameters = (route: RouteDefinition) => pathParameterNames(route.path).filter((name) => !(name in OTHER_PARAMETERS));

const takesId = (route: RouteDefinition) => idParameters(route).length > 0;

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

// Signed in while the file is collected: whether a call is made at all depends on what the caller may do.
const payloads = new Map<AccountName, LoginPayload>();
for (const account of CALLERS) payloads.set(account, await login(account));

const call = (route: RouteDefinition, token: string | undefined) =>
  api(route.method, pathWith(route, UNKNOWN_ID), { token, ...(route.body ? { body: {} } : {}) });

describe.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_, route) => {
  it('refuses an anonymous caller of a signed-in route with 401', async () => {
    const answer = await call(route, undefined);
    if (route.access === 'signed-in') expect(answer.status).toBe(401);
    else expect(answer.status).not.toBe(401);
  });

  for (const account of CALLERS) {
    const payload = payloads.get(account)!;
    const expected = expectedFor(route, payload);
    // A route with a side effect (restart, update, dump) is only walked up to its gate: its own
    // tests (application.test.ts) make the calls that go through.
    it.skipIf(expected === 'through' && route.sideEffect)(`answers ${account} as the route table says`, async () => {
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
  }
});

/** What an id in a path names, besides the owned kinds: read from the route's group and path. */
type TenantKind = OwnedKind | 'user' | 'location' | 'point' | 'file' | 'image' | 'ftp retriever' | 'source';
/** Super users', root's and the product's own objects: they belong to no customer, and those who may ask about them see every customer. */
type GlobalKind = 'super user' | 'registration' | 'database dump' | 'connection' | 'customer';
type IdKind = TenantKind | GlobalKind;

const GLOBAL_KINDS: readonly IdKind[] = ['super user', 'registration', 'database dump', 'connection', 'customer'];

/**
 * The kind of object a path parameter names: the route's owned rule says it for owned objects (a
 * tab's widgets name the tab); otherwise the parameter's name or the route's group and path.
 * Undefined for a route nobody told the walk about: its test then fails.
 */
const kindOf = (route: RouteDefinition, parameter: string): IdKind | undefined => {
  const { owned } = route;
  if (owned?.id?.in === 'params' && owned.id.field === parameter) return owned.kind;
  if (owned?.container?.in === 'params' && owned.container.field === parameter) return owned.container.kind;
  if (parameter === 'locationId') return 'location';
  if (parameter === 'pointId') return 'point';
  if (parameter !== 'id') return undefined;
  switch (route.group) {
    case 'users':
      return route.path.startsWith('/api/v1/su/') ? 'super user' : route.path.startsWith('/api/v1/registrations/') ? 'registration' : 'user';
    case 'application':
      return route.path.startsWith('/api/v1/database/dumps/') ? 'database dump' : route.path.startsWith('/api/v1/application/connected-users/') ? 'connection' : undefined;
    case 'locations':
      return 'location';
    case 'points':
      return 'point';
    case 'files':
      return 'file';
    case 'images':
      return 'image';
    case 'ftp':
      return 'ftp retriever';
    case 'sources':
      return 'source';
    case 'customers':
      return 'customer';
    default:
      return undefined;
  }
};

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

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * One object of each kind of another premium customer, made through the API by its administrator:
 * neither demo customer can reach any of them. The meter file is imported with a rejected row, so
 * that its rejects exist for its owner.
 */
const seedAnotherCustomer = async (): Promise<Record<TenantKind, string>> => {
  const customer = await createTestCustomer(payloads.get('root')!.user.jwt, { is_premium: true });
  const signedIn = await signInStatus(await seedUser(customer._id, 'administrator'));
  const administrator = (signedIn.body.data as LoginPayload).user;
  const token = administrator.jwt;
  const made = async (path: string, body: unknown) => {
    const answer = await api<{ _id: string }>('POST', path, { token, body });
    if (answer.status !== 200) throw new Error(`POST ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.data!._id;
  };
  const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
  const technicalId = `WALK-${randomUUID().slice(0, 8)}`;

  const importedFile = async () => {
    const csv = `${technicalId};2026-11-02T10:00:00Z;1\nWALK-NOBODY;2026-11-02T10:00:00Z;2\n`;
    const file = await made('/api/v1/data/upload-file', { name: 'route-walk.csv', data: Buffer.from(csv).toString('base64') });
    const started = await api('PUT', '/api/v1/data/not-treated-files', { token, body: { files: [file] } });
    if (started.status !== 200) throw new Error(`The import of the meter file did not start: ${JSON.stringify(started.body)}`);
    const treated = async () => (await api<FileLists>('GET', '/api/v1/data/not-treated-files', { token })).body.data!.treatedFileList.find((entry) => entry._id === file);
    await eventually(treated, (entry) => entry?.outcome?.has_rejects === true, 40_000);
    return file;
  };

  const location = await made('/api/v2/locations', { name: unique('Site') });
  const point = await made('/api/v1/points', { name: unique('Compteur'), technical_id: technicalId, resource: 'water', series_type: 'counter', unit: 'm³', location: [location] });
  const [file, image, ftp, source, tab, alert, reminder, exported, report] = await Promise.all([
    importedFile(),
    made('/api/v1/images', { name: 'Plan.png', content_type: 'image/png', data: PNG }),
    made('/api/v1/ftp', { host: '127.0.0.1', port: 24_999, user: 'meter', password: 'secret', path: '/', isSftp: false, timeInterval: 15, active: false }),
    made('/api/v1/sources', { name: unique('Saisie'), family: 'manual' }),
    made('/api/v1/tabs', { data: { name: unique('Onglet') } }),
    made('/api/v1/alerts', {
      alert: {
        name: unique('Alerte'),
        points: [{ point }],
        sampling: 'hour',
        cron_time: '0 0 1 1 *',
        conditions: [[{ from_calculation: 'avg', operation: 'gt', to_value: 40 }]],
        email: { to: ['exploitation@customers.example'], cc: [], bcc: [] },
      },
    }),
    made('/api/v1/reminders', { name: unique('Relevé'), message: 'Relever les compteurs', reminder_date: '2030-01-01', start: '08:00', type: 'recurrent', period_type: 'day', period_value: 1 }),
    made('/api/v1/exports/data', { name: unique('Export'), content: [[[{ type: 'point', point_id: point, property: 'name' }]]] }),
    made('/api/v1/reports', { name: unique('Rapport') }),
  ]);
  const [widget, subscription] = await Promise.all([
    made('/api/v1/widgets', { data: { location: tab, points: [{ _id: point, calculation: 'diff', type: 'column', color: '#1c7ed6' }] } }),
    made('/api/v1/subscriptions', { name: unique('Abonnement'), report, email: { to: ['exploitation@customers.example'] } }),
  ]);
  return { user: administrator._id, location, point, file, image, 'ftp retriever': ftp, source, tab, widget, alert, reminder, export: exported, report, subscription };
};

// Made while the walk's first part runs (its import takes seconds), and awaited before the ids are asked.
const seeding = seedAnotherCustomer().then((objects) => ({ objects }), (error: unknown) => ({ error }));

describe('ids in paths', () => {
  const idRoutes = ROUTES.filter((route) => route.access === 'signed-in' && takesId(route));
  const kindsOf = (route: RouteDefinition) => idParameters(route).map((parameter) => [parameter, kindOf(route, parameter)] as const);
  const namesGlobal = (route: RouteDefinition) => kindsOf(route).some(([, kind]) => kind !== undefined && GLOBAL_KINDS.includes(kind));
  const tenantRoutes = idRoutes.filter((route) => !namesGlobal(route));
  const globalRoutes = idRoutes.filter(namesGlobal);
  let theirs: Record<TenantKind, string>;

  beforeAll(async () => {
    const seeded = await seeding;
    if ('error' in seeded) throw seeded.error;
    theirs = seeded.objects;
  });

  /**
   * Asks about the route's ids as a customer's administrator (the premium one for a premium route,
   * which refuses the basic customer before reading its path), else a super user (super users,
   * registrations, connected users), else root (a dump): first a malformed id, refused with 400,
   * then the ids given (every other id parameter names nothing). The status of that answer.
   */
  const askedAbout = async (route: RouteDefinition, ids: Record<string, string> = {}) => {
    const administrator = route.premium ? 'premiumAdministrator' : 'basicAdministrator';
    const asker = expectedFor(route, payloads.get(administrator)!) === 'through' ? administrator : route.rootOnly ? 'root' : 'super';
    const token = payloads.get(asker)!.user.jwt;
    const malformed = await api(route.method, pathWith(route, 'not an id!'), { token, ...(route.body ? { body: {} } : {}) });
    expect(malformed.status).toBe(400);
    return (await api(route.method, pathWith(route, UNKNOWN_ID, ids), { token, ...(route.body ? { body: VALID_BODIES[route.operation] ?? {} } : {}) })).status;
  };

  it.each(tenantRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers 400 for a malformed id and 404 for another customer\'s object of the kind it names',
    async (_, route) => {
      const ids: Record<string, string> = {};
      for (const [parameter, kind] of kindsOf(route)) {
        expect(kind, `the kind of object {${parameter}} names: tell kindOf in this file`).toBeDefined();
        expect(theirs[kind as TenantKind], `no object of the other customer of the kind ${kind}: make one in seedAnotherCustomer`).toBeDefined();
        ids[parameter] = theirs[kind as TenantKind];
      }
      expect(await askedAbout(route, ids)).toBe(404);
    },
  );

  // Super users and root see every customer: an id of another customer names nothing they may not
  // reach, so these answer 404 for an id that names nothing.
  it.each(globalRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers 400 for a malformed id and 404 for an id that names nothing (its objects belong to no customer)',
    async (_, route) => {
      expect(await askedAbout(route)).toBe(404);
    },
  );

  it('covers every route of the table that takes an id', () => {
    expect(idRoutes.length).toBeGreaterThanOrEqual(5);
    expect(tenantRoutes.length).toBeGreaterThan(globalRoutes.length);
  });
});
