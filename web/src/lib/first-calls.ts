import { LOADING_READY_MAX_MS } from '@shared/constants';
import { API } from '@shared/api/routes';
import { stampOfHeld } from './renewed-payload';
import { customerToRestore, REAL_LOGIN_PATH, renewalKeepsCustomer, type StoredCredentials } from './stored-credentials';

/**
 * Which calls a reload from a stored session sends before the app's code is evaluated (issue 43):
 * the early script inlined in index.html (`web/src/early-calls.ts`) sends them with `fetch` while
 * the entry downloads and runs, and the HTTP client answers the app's same calls from them
 * (`first-call-answers.ts`) instead of sending them again.
 *
 * This mirrors the routes' `staticData.warm` (what a page's first screen asks at boot), which the
 * early script cannot import (the route tree is the 524 KiB entry it runs before):
 * `tests/unit/web/first-calls.test.ts` runs every route's real warm against these and fails when
 * they part, either way. A call the app does not ask is not sent; one it asks that is not here
 * goes out as before, once the entry has run.
 */

/** One call of the route table, as the HTTP client would send it. */
export interface FirstCall {
  route: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** The call's own limit (the renewal's), as the HTTP client gives it. */
  timeoutMs?: number;
}

const call = (route: FirstCall['route'], options: Omit<FirstCall, 'route'> = {}): FirstCall => ({ route, ...options });

/** The pages' first calls, by the route tree's path (`$name` a parameter); every page under the signed-in frame gets the frame's too. */
type PageCalls = (params: Record<string, string>, search: URLSearchParams) => FirstCall[];

/** `routes/frame.tsx`: the frame's tabs and customizations. */
const frameCalls = (): FirstCall[] => [call(API.listTabs), call(API.getCustomizations)];

/** `routes/warm-widget-page.ts`: a page of widgets not listed yet is listed with its widgets' data, in one call. */
const widgetPageCalls = (page: string | null): FirstCall[] => [call(API.listTabs), call(API.listImages), call(API.widgetsWithData, { body: { page } })];

/** `routes/locations-settings/routes.tsx`: the selection is the address bar's (`?location=`), else every location. */
const selectionOf = (value: string | null): string => (value !== null && /^[\w-]{1,64}$/.test(value) ? value : 'all');

/** Each page's own first calls (its route's `staticData.warm`). */
const PAGES: [pattern: string, calls: PageCalls][] = [
  ['/dashboard', () => widgetPageCalls(null)],
  ['/dashboard/$tabName/$tabId', (params) => widgetPageCalls(params.tabId)],
  ['/locations/$name/$id', (params) => widgetPageCalls(params.id)],
  ['/locations/$name/$id/$tabName/$tabId', (params) => widgetPageCalls(params.tabId)],
  ['/maplytics', () => [call(API.getMaplytics)]],
  [
    '/settings/locations_and_points',
    (_params, search) => [
      call(API.listLocations),
      call(API.pointDefinitions),
      // The first page of `pointPagesOfSelectionQueryOptions` (features/locations-settings): 200 points, no search.
      call(API.listPointsOfSelection, { params: { locationId: selectionOf(search.get('location')) }, query: { limit: '200' } }),
    ],
  ],
  ['/settings/users', () => [call(API.listUsers)]],
];

/**
 * The routes drawn outside the signed-in frame (`routes/router.tsx`, `account/routes.tsx`, the
 * report's print page): no frame calls there. Any other path is the frame's, or an unknown one,
 * which a signed-in user is sent on from to the dashboard, whose frame asks the same.
 */
const OUTSIDE_FRAME = ['/', '/login', '/real-login', '/lock', '/logout', '/register', '/forgot-password', '/set-password/$token', '/reports/phantom/edit/$id/$token'];

/** The parameters of a path matching a pattern of the route tree, else null (a trailing slash ignored, as the router does). */
export const matchPath = (pattern: string, pathname: string): Record<string, string> | null => {
  const parts = pathname.replace(/(.)\/+$/, '$1').split('/');
  const expected = pattern.split('/');
  if (parts.length !== expected.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of expected.entries()) {
    const actual = parts[index]!;
    if (part.startsWith('$')) {
      if (!actual) return null;
      try {
        params[part.slice(1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (part.toLowerCase() !== actual.toLowerCase()) return null;
  }
  return params;
};

/** The first screen's calls of a path under the signed-in frame (the frame's, then the page's), without the renewal. */
export const pageFirstCalls = (pathname: string, search: string): FirstCall[] => {
  if (OUTSIDE_FRAME.some((pattern) => matchPath(pattern, pathname))) return [];
  const query = new URLSearchParams(search);
  const page = PAGES.flatMap(([pattern, calls]) => {
    const params = matchPath(pattern, pathname);
    return params ? calls(params, query) : [];
  });
  return [...frameCalls(), ...page];
};

/**
 * What a reload with stored credentials sends first: their renewal (`auto_login`, as
 * `features/auth/hooks/use-restore-session.ts` asks it) and, when the renewal keeps the customer
 * (the session is drawn at once, provisional), the path's first screen's calls. Nothing on the page
 * that forgets stored credentials.
 */
export const firstCallsOf = (credentials: StoredCredentials, pathname: string, search: string): FirstCall[] => {
  if (pathname === REAL_LOGIN_PATH) return [];
  const keeps = renewalKeepsCustomer(credentials);
  const renewal = call(API.autoLogin, {
    body: { token: credentials.token, last_customer: customerToRestore(credentials), locations_stamp: stampOfHeld(keeps ? credentials.payload : null) },
    timeoutMs: LOADING_READY_MAX_MS,
  });
  return keeps ? [renewal, ...pageFirstCalls(pathname, search)] : [renewal];
};
