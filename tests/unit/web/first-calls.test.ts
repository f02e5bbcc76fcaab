import { QueryClient } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FirstCall } from '../../../web/src/lib/first-calls';
import type { SentFirstCall } from '../../../web/src/lib/first-call-answers';

/**
 * Issue 43: a reload's first calls leave from the early script inlined in index.html, before the
 * entry is evaluated (web/src/early-calls.ts), and the app takes their answers instead of calling
 * again (web/src/lib/first-call-answers.ts). The early script cannot import the route tree, so its
 * table (web/src/lib/first-calls.ts) is checked here against the routes' real `staticData.warm`:
 * on every route, the app asks each call the early script sent (none is wasted) and asks none it
 * did not (none goes out late).
 */

/** What reached Amplify's client: a call the early script had not sent. */
const sentByClient = vi.hoisted(() => [] as { method: string; path: string; body: unknown }[]);

vi.mock('aws-amplify', () => ({ Amplify: { configure: () => undefined } }));
vi.mock('aws-amplify/api', () => {
  const operation =
    (method: string) =>
    ({ path, options }: { path: string; options?: { body?: unknown } }) => {
      sentByClient.push({ method, path, body: options?.body });
      return { cancel: () => undefined, response: Promise.resolve({ statusCode: 200, headers: {}, body: { text: async () => JSON.stringify({ res: true, data: [] }) } }) };
    };
  return { get: operation('GET'), post: operation('POST'), put: operation('PUT'), del: operation('DELETE'), ApiError: class ApiError extends Error {} };
});

const CUSTOMER = 'cust-1';
const payload = {
  user: { _id: 'user-1', jwt: 'jwt-1', internal_role: 'administrator', is_root: false, remember: true, issued_at: '2026-11-29T10:00:00.000Z', expires_at: '2026-12-06T10:00:00.000Z' },
  customer: { _id: CUSTOMER },
  locations: [],
  locations_flattened: [],
  locations_stamp: 'stamp-1',
};
const credentials = {
  token: 'jwt-1',
  issued_at: new Date().toISOString(),
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  remember: true,
  last_customer: CUSTOMER,
  payload,
};

const storage = new Map<string, string>();
const location = { pathname: '/', search: '' };
(globalThis as Record<string, unknown>).window = {
  localStorage: {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
    clear: () => storage.clear(),
  },
  location,
  matchMedia: () => ({ matches: false }),
};
(globalThis as Record<string, unknown>).document = {
  getElementById: (id: string) => (id === 'wattwise-config' ? { textContent: JSON.stringify({ apiBase: '/api', socketPath: '/ws', mapStyleUrl: null }) } : null),
  documentElement: {},
};
// Nothing here reaches a network: the basemap a route warms fails at once.
globalThis.fetch = () => Promise.reject(new Error('no network in unit tests'));
storage.set('wattwise.credentials', JSON.stringify(credentials));
storage.set('wattwise.lastCustomer', JSON.stringify(CUSTOMER));

type Modules = {
  calls: typeof import('../../../web/src/lib/first-calls');
  answers: typeof import('../../../web/src/lib/first-call-answers');
  headers: typeof import('../../../web/src/lib/spec-headers');
  http: typeof import('../../../web/src/lib/http');
  router: typeof import('../../../web/src/routes/router');
  restore: typeof import('../../../web/src/features/auth/hooks/use-restore-session');
};
let modules: Modules;

beforeAll(async () => {
  // After the window above: the session's store reads the stored credentials when it loads.
  await (await import('../../../web/src/config')).loadConfig();
  modules = {
    calls: await import('../../../web/src/lib/first-calls'),
    answers: await import('../../../web/src/lib/first-call-answers'),
    headers: await import('../../../web/src/lib/spec-headers'),
    http: await import('../../../web/src/lib/http'),
    router: await import('../../../web/src/routes/router'),
    restore: await import('../../../web/src/features/auth/hooks/use-restore-session'),
  };
}, 60_000);

/** The early script's headers, as web/src/early-calls.ts builds them. */
const earlyHeaders = () => modules.headers.specHeaders({ token: payload.user.jwt, payload: payload as never, language: 'fr' });

/** An envelope the server would answer for a call (a page of lists, empty). */
const answerOf = (status = 200, envelope: unknown = { res: true, data: [], next_cursor: null }) => new Response(JSON.stringify(envelope), { status });

/** The early script's sending, its `fetch` answering each call at once; what it was asked is recorded. */
const sendEarly = (calls: FirstCall[], answer: (path: string) => Response | null = () => answerOf()) => {
  const fetched: string[] = [];
  const sent = modules.answers.sendFirstCalls(calls, { apiBase: '/api', headers: earlyHeaders() }, async (path, init) => {
    fetched.push(`${init?.method} ${String(path)}`);
    const response = answer(String(path));
    if (!response) throw new TypeError('Failed to fetch');
    return response;
  });
  window.__wattwiseFirstCalls = sent;
  return { sent: [...sent], fetched };
};

const keysOf = (sent: SentFirstCall[]) => sent.map((call) => call.key).sort();

describe('the first calls of a path (web/src/lib/first-calls.ts)', () => {
  const described = (pathname: string, search = '') =>
    modules.calls.firstCallsOf(credentials as never, pathname, search).map((call) => `${call.route.method} ${call.route.path} ${JSON.stringify(call.params ?? {})}${call.body === undefined ? '' : ` ${JSON.stringify(call.body)}`}`);
  const RENEWAL = `POST /api/v1/users/auto_login {} {"token":"jwt-1","last_customer":"${CUSTOMER}","locations_stamp":"stamp-1"}`;

  it('are the renewal, the frame’s tabs and customizations, then the page’s own', () => {
    expect(described('/maplytics')).toEqual([RENEWAL, 'GET /api/v1/tabs {}', 'GET /api/v1/system/customizations {}', 'GET /api/v1/maplytics {}']);
    expect(described('/settings/locations_and_points', '?location=loc-7')).toEqual([
      RENEWAL,
      'GET /api/v1/tabs {}',
      'GET /api/v1/system/customizations {}',
      'GET /api/v2/locations {}',
      'GET /api/v1/points/definitions {}',
      'GET /api/v2/points/get-all/{locationId} {"locationId":"loc-7"}',
    ]);
    expect(described('/dashboard/')).toContain('POST /api/v1/widgets/page-data {} {"page":null}');
    expect(described('/dashboard/Energie/tab-3')).toContain('POST /api/v1/widgets/page-data {} {"page":"tab-3"}');
  });

  it('are the renewal alone outside the frame, and nothing on the page that forgets the stored credentials', () => {
    expect(described('/login')).toEqual([RENEWAL]);
    expect(described('/reports/phantom/edit/r-1/token-1')).toEqual([RENEWAL]);
    expect(described('/real-login')).toEqual([]);
  });

  it('are the renewal alone when it moves a super user to another customer (nothing of the stored one is drawn)', () => {
    storage.set('wattwise.lastCustomer', JSON.stringify('cust-2'));
    try {
      expect(described('/maplytics')).toEqual([`POST /api/v1/users/auto_login {} {"token":"jwt-1","last_customer":"cust-2","locations_stamp":null}`]);
    } finally {
      storage.set('wattwise.lastCustomer', JSON.stringify(CUSTOMER));
    }
  });

  it('send each call once, with the HTTP client’s path and query under the API base', () => {
    const { fetched } = sendEarly(modules.calls.firstCallsOf(credentials as never, '/dashboard', ''));
    expect(fetched).toEqual(['POST /api/v1/users/auto_login', 'GET /api/v1/tabs', 'GET /api/v1/system/customizations', 'GET /api/v1/images', 'POST /api/v1/widgets/page-data']);
    const { fetched: settings } = sendEarly(modules.calls.pageFirstCalls('/settings/locations_and_points', ''));
    expect(settings).toContain('GET /api/v2/points/get-all/all?limit=200');
  });
});

describe('an answer the early script brought', () => {
  it('is the HTTP client’s answer to the same call with the same headers, once', async () => {
    const { sent } = sendEarly(modules.calls.pageFirstCalls('/maplytics', ''), () => answerOf(200, { res: true, data: [{ _id: 'site-1' }] }));
    sentByClient.length = 0;
    const { API } = await import('@shared/api/routes');
    expect(await modules.http.callApi(API.getMaplytics, {})).toEqual([{ _id: 'site-1' }]);
    expect(sentByClient, 'the first call reached the client').toEqual([]);
    expect(keysOf(window.__wattwiseFirstCalls!)).toEqual(keysOf(sent.filter((call) => !call.key.includes('maplytics'))));
    // Taken: the next call asks the server.
    await modules.http.callApi(API.getMaplytics, {});
    expect(sentByClient.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/v1/maplytics']);
  });

  it('is a refusal as the client would throw it: a 401 is the renewal’s to decide, as before', async () => {
    sendEarly(modules.calls.pageFirstCalls('/maplytics', ''), () => answerOf(401, { res: false, msg: 'unauthorized', data: null }));
    const { API } = await import('@shared/api/routes');
    const failure = await modules.http.callApi(API.getMaplytics, {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(modules.http.ApiRequestError);
    expect(failure).toMatchObject({ code: 'unauthorized', status: 401 });
    // A gateway's 401 without an envelope: the status's code.
    sendEarly(modules.calls.pageFirstCalls('/maplytics', ''), () => new Response('{"message":"Unauthorized"}', { status: 401 }));
    expect(await modules.http.callApi(API.getMaplytics, {}).catch((error: unknown) => error)).toMatchObject({ code: 'unauthorized', status: 401 });
    // No answer at all: a network error, as the client's (which it reports on the console).
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    sendEarly(modules.calls.pageFirstCalls('/maplytics', ''), () => null);
    expect(await modules.http.callApi(API.getMaplytics, {}).catch((error: unknown) => error)).toMatchObject({ code: 'network_error', status: null });
    expect(console).toHaveBeenCalledWith('API /api/v1/maplytics failed: network_error', '');
    console.mockRestore();
  });

  it('is not taken for other headers (another token, another language) nor once the first screen’s time is over', async () => {
    const { API } = await import('@shared/api/routes');
    const { sent } = sendEarly(modules.calls.pageFirstCalls('/maplytics', ''));
    const path = '/api/v1/maplytics';
    expect(modules.answers.claimFirstCall('GET', path, undefined, { ...earlyHeaders(), Authorization: 'Bearer other' })).toBeNull();
    expect(modules.answers.claimFirstCall('GET', path, undefined, { ...earlyHeaders(), Language: 'en' })).toBeNull();
    expect(modules.answers.claimFirstCall('GET', `${path}?q=a`, undefined, earlyHeaders())).toBeNull();
    for (const call of sent) call.sentAt -= modules.answers.CLAIMABLE_MS + 1;
    sentByClient.length = 0;
    await modules.http.callApi(API.getMaplytics, {});
    expect(sentByClient.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/v1/maplytics']);
  });

  it('answers the renewal the boot asks (auto_login with the held locations’ stamp)', async () => {
    location.pathname = '/maplytics';
    location.search = '';
    const { sent } = sendEarly(modules.calls.firstCallsOf(credentials as never, '/maplytics', ''), () => null);
    const renewal = sent.find((call) => call.key.startsWith('POST /api/v1/users/auto_login'))!;
    sentByClient.length = 0;
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    modules.restore.restoreStoredSession();
    // No answer came: the stored session carries on (resumed), as when the client's call fails.
    await vi.waitFor(() => expect(window.__wattwiseFirstCalls!.map((call) => call.key)).not.toContain(renewal.key));
    expect(sentByClient.filter((call) => call.path.includes('auto_login'))).toEqual([]);
    await vi.waitFor(() => expect(console).toHaveBeenCalledWith('API /api/v1/users/auto_login failed: network_error', ''));
    console.mockRestore();
  });
});

describe('the early script’s table and the routes’ warm (one description, checked)', () => {
  /** A path of a route of the tree, its parameters given sample values. */
  const samplePath = (fullPath: string) => (fullPath === '/$' ? '/no-such-page' : fullPath.replace(/\$(\w+)/g, (_, name: string) => `${name}-1`).replace(/(.)\/$/, '$1'));

  it('agree on every route: the app asks every call the early script sent, and none it did not', async () => {
    // Built without the window, as in page-titles.test.ts: the router then keeps its history in memory (none is read here).
    const globals = globalThis as Record<string, unknown>;
    const [browserWindow, browserDocument] = [globals.window, globals.document];
    delete globals.window;
    delete globals.document;
    const router = modules.router.createAppRouter(new QueryClient());
    Object.assign(globals, { window: browserWindow, document: browserDocument });
    const routes = Object.values(router.routesById).filter((route) => route.id !== '__root__' && route.id !== '/_app');
    expect(routes.length).toBeGreaterThan(50);
    const cases = [...new Set(routes.map((route) => samplePath(route.fullPath)))].flatMap((path) =>
      path === '/settings/locations_and_points' ? [{ path, search: '' }, { path, search: '?location=loc-9' }] : [{ path, search: '' }],
    );
    const parted: string[] = [];
    const taken = new Map<string, number>();
    for (const { path, search } of cases) {
      location.pathname = path;
      location.search = search;
      const { sent } = sendEarly(modules.calls.pageFirstCalls(path, search));
      taken.set(`${path}${search}`, sent.length);
      sentByClient.length = 0;
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      modules.router.warmDataOfPath(router, queryClient, path);
      // An unknown path sends a signed-in user on to the dashboard, whose frame asks the frame's calls.
      if (path === '/no-such-page') modules.router.warmDataOfPath(router, queryClient, '/dashboard');
      await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 5_000 });
      const unclaimed = window.__wattwiseFirstCalls!.map((call) => call.key);
      const late = path === '/no-such-page' ? [] : sentByClient.map((call) => `${call.method} ${call.path}${call.body === undefined ? '' : ` ${JSON.stringify(call.body)}`}`);
      if (unclaimed.length) parted.push(`${path}${search}: sent early, not asked by the app: ${unclaimed.join(', ')}`);
      if (late.length) parted.push(`${path}${search}: asked by the app, not sent early: ${late.join(', ')}`);
    }
    expect(parted).toEqual([]);
    // Not vacuous: the frame's and the screens' calls were sent early and taken.
    expect(Object.fromEntries(['/maplytics', '/settings/locations_and_points', '/dashboard', '/alerts', '/login'].map((path) => [path, taken.get(path)]))).toEqual({
      '/maplytics': 3,
      '/settings/locations_and_points': 5,
      '/dashboard': 4,
      '/alerts': 2,
      '/login': 0,
    });
  }, 60_000);
});

describe('the HTTP client (web/src/lib/http.ts)', () => {
  it('never asks for a paged list whole: a call without limit or cursor is refused before it leaves', async () => {
    const { API } = await import('@shared/api/routes');
    sentByClient.length = 0;
    await expect(modules.http.callApi(API.listPoints, {})).rejects.toThrow(/paged list/);
    await expect(modules.http.callApi(API.listPointsOfSelection, { params: { locationId: 'all' }, query: { q: 'lyon' } })).rejects.toThrow(/paged list/);
    expect(sentByClient).toEqual([]);
    // A page leaves.
    await modules.http.callApiForPage(API.listPointsWithLocationNames, { query: { limit: '50', fields: 'picker' } });
    expect(sentByClient.map((call) => call.path)).toEqual(['/api/v1/points/get-all-with-locations-name?limit=50&fields=picker']);
  });
});
