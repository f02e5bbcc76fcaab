/**
 * The edge, written once (DESIGN.md, "The edge is one definition"): which path goes to which origin,
 * what the viewer-request functions do to it, what the origins are sent and which headers the
 * answers carry. The CloudFront distribution (stacks/web-stack.ts) is built from it, and so is the
 * local web server that plays CloudFront for `npm start` and the tests (local/web-server.ts), which
 * runs the very function code generated here. tests/infra/edge.test.ts holds the distribution to it
 * and tests/unit/edge.test.ts the local server.
 */

import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '../../shared/src/network/edge-headers';

/** Where a behaviour sends its requests: the site bucket, the REST API (on its stage) or the WebSocket API. */
export type EdgeOrigin = 'site' | 'api' | 'socket';

export interface EdgeBehaviour {
  /** CloudFront's path pattern (`*` any characters, `?` one); `*` alone is the default behaviour. */
  pathPattern: string;
  origin: EdgeOrigin;
  /** The viewer-request function that runs before the origin is asked, if any (see `edgeFunctionSource`). */
  viewerRequest: EdgeFunctionName | null;
  /** The browser's caching of what the behaviour answers (a response header on CloudFront); null: the origin's own. */
  cacheControl: string | null;
  /** The viewer's headers the origin receives (CloudFront's origin request policy); the query string goes to the APIs, never to the bucket. */
  viewerHeaders: 'all-but-host' | readonly string[];
  /**
   * What the edge itself adds to the origin's requests, over any viewer header of the same name:
   * `origin-secret`, the deployment's origin secret (CloudFront's custom origin header), and
   * `viewer-address`, the viewer's address and port (CloudFront's header, through the origin
   * request policy). The API trusts the second only with the first (docs/architecture/abuse-limits.md).
   */
  edgeHeaders: readonly EdgeHeader[];
}

export type EdgeHeader = 'origin-secret' | 'viewer-address';

/** The name each edge header has on the origin's requests. */
export const EDGE_HEADER_NAMES: Readonly<Record<EdgeHeader, string>> = {
  'origin-secret': ORIGIN_SECRET_HEADER,
  'viewer-address': VIEWER_ADDRESS_HEADER,
};

export type EdgeFunctionName = 'site-request' | 'socket-request';

/** The headers of a WebSocket handshake that must reach API Gateway (with the query string: the session token is `?token=`). */
export const SOCKET_FORWARDED_HEADERS = ['Sec-WebSocket-Key', 'Sec-WebSocket-Version', 'Sec-WebSocket-Protocol', 'Sec-WebSocket-Extensions'] as const;

/** Where the REST API and the WebSocket are reached from the browser (web/src/config.ts reads them from the runtime configuration). */
export const API_BASE = '/api';
export const SOCKET_PATH = '/ws';

/** The build's folders (vite's `assets/`, `web/public/img/`): a path in them is a file, never a web route. */
export const SITE_FOLDERS = ['assets', 'img'] as const;

/** Hashed file names (vite's `assets/`): never change, cached for a year. The rest of the site is revalidated on every use. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * The behaviours, in CloudFront's order: the first whose pattern matches the path answers, the
 * default (`*`) last.
 */
export const EDGE_BEHAVIOURS: readonly EdgeBehaviour[] = [
  {
    pathPattern: `${API_BASE}/*`,
    origin: 'api',
    viewerRequest: null,
    cacheControl: null,
    viewerHeaders: 'all-but-host',
    edgeHeaders: ['origin-secret', 'viewer-address'],
  },
  {
    pathPattern: SOCKET_PATH,
    origin: 'socket',
    viewerRequest: 'socket-request',
    cacheControl: null,
    viewerHeaders: SOCKET_FORWARDED_HEADERS,
    edgeHeaders: [],
  },
  { pathPattern: '/assets/*', origin: 'site', viewerRequest: null, cacheControl: IMMUTABLE, viewerHeaders: [], edgeHeaders: [] },
  { pathPattern: '*', origin: 'site', viewerRequest: 'site-request', cacheControl: REVALIDATE, viewerHeaders: [], edgeHeaders: [] },
];

/**
 * Whether the edge sends an origin the origin secret. CloudFront's custom headers belong to the
 * origin, not to a behaviour: an origin gets it when a behaviour that asks it says so.
 */
export const sendsOriginSecret = (origin: EdgeOrigin): boolean =>
  EDGE_BEHAVIOURS.some((behaviour) => behaviour.origin === origin && behaviour.edgeHeaders.includes('origin-secret'));

/** The viewer's address as CloudFront writes it in its header: `ip:port`, an IPv6 address in brackets. */
export const viewerAddressValue = (address: string, port: number): string => `${address.includes(':') ? `[${address}]` : address}:${port}`;

/**
 * What CloudFront puts before a path when it asks an origin: the REST API's stage (its paths are
 * the browser's, `/api/v1/...`, under the stage); nothing for the WebSocket API, whose function
 * names the stage itself, or for the bucket.
 */
export const originPathOf = (origin: EdgeOrigin, { stage }: { stage: string }): string => (origin === 'api' ? `/${stage}` : '');

/**
 * The security headers of every HTTP answer of the edge (site and API), as CloudFront's response
 * headers policy names them. No Content-Security-Policy yet: one needs every screen reviewed. What
 * it must then let through, at least: the map's style provider (the origin of `mapStyleUrl`,
 * `https://tiles.openfreemap.org` by default: its style, tiles, glyphs and sprites are fetched, so
 * `connect-src` and `img-src`), maplibre's worker (`worker-src 'self' blob:`), the pictures served
 * from the uploads bucket's presigned addresses, and the vendor service the browser asks (spec 1 §7).
 */
export const SECURITY = {
  /** Two years, subdomains included. */
  hstsMaxAgeSeconds: 63_072_000,
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
} as const;

/** The same, as the headers a browser receives. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': `max-age=${SECURITY.hstsMaxAgeSeconds}; includeSubDomains`,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': SECURITY.frameOptions,
  'Referrer-Policy': SECURITY.referrerPolicy,
};

/** What the edge sets on a behaviour's answers, over the origin's own: the security headers (not on the WebSocket handshake) and the browser's caching. */
export const responseHeadersOf = (behaviour: EdgeBehaviour): Record<string, string> => ({
  ...(behaviour.origin === 'socket' ? {} : SECURITY_HEADERS),
  ...(behaviour.cacheControl ? { 'Cache-Control': behaviour.cacheControl } : {}),
});

/** Whether a CloudFront path pattern matches a path (case-sensitive, `*` any characters including `/`, `?` one). */
export const matchesPathPattern = (pattern: string, path: string): boolean => {
  const normalised = pattern.startsWith('/') || pattern === '*' ? pattern : `/${pattern}`;
  const expression = normalised.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${expression}$`).test(path);
};

/** The behaviour that answers a path, as CloudFront chooses it. */
export const behaviourFor = (path: string): EdgeBehaviour =>
  EDGE_BEHAVIOURS.find((behaviour) => behaviour.pathPattern !== '*' && matchesPathPattern(behaviour.pathPattern, path)) ??
  defaultBehaviour();

export const defaultBehaviour = (): EdgeBehaviour => EDGE_BEHAVIOURS.find((behaviour) => behaviour.pathPattern === '*')!;

/** The behaviours but the default, as the distribution's additional behaviours. */
export const additionalBehaviours = (): EdgeBehaviour[] => EDGE_BEHAVIOURS.filter((behaviour) => behaviour.pathPattern !== '*');

/**
 * The source of a viewer-request function (CloudFront Functions, `cloudfront-js-2.0`; ES5 kept
 * so that node runs it unchanged too):
 * - `site-request`, on the default behaviour: a web route (any path that is not a file of the
 *   build) is answered by `/index.html`, where the router decides; a file path is asked of the
 *   bucket as it is, so a missing file is a 404, never the page. File paths are those in the build's
 *   folders and the top-level names with a dot (`/favicon.svg`, `/config.json`); web routes may
 *   carry dots deeper down (the print route's token is a JWT).
 * - `socket-request`, on `/ws`: API Gateway serves a WebSocket API on its stage's path only, so `/ws`
 *   is asked as `/{stage}` (the query string, with the session token, goes on as it is).
 */
export const edgeFunctionSource = (name: EdgeFunctionName, { stage }: { stage: string }): string => {
  if (name === 'socket-request') {
    return [
      `var STAGE_PATH = ${JSON.stringify(`/${stage}`)};`,
      'function handler(event) {',
      '  var request = event.request;',
      '  request.uri = STAGE_PATH;',
      '  return request;',
      '}',
      '',
    ].join('\n');
  }
  return [
    `var SITE_FOLDERS = ${JSON.stringify(SITE_FOLDERS)};`,
    'function isFile(uri) {',
    "  var segments = uri.split('/');",
    '  if (segments.length > 2) return SITE_FOLDERS.indexOf(segments[1]) !== -1;',
    "  return segments[1].indexOf('.') !== -1;",
    '}',
    'function handler(event) {',
    '  var request = event.request;',
    "  if (!isFile(request.uri)) request.uri = '/index.html';",
    '  return request;',
    '}',
    '',
  ].join('\n');
};

const pascalCase = (name: string): string =>
  name
    .split('-')
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');

/** The construct id of a viewer-request function (`SiteRequest`). */
export const edgeFunctionId = (name: EdgeFunctionName): string => pascalCase(name);

/** The construct id part of an origin (`Socket`). */
export const edgeOriginId = (origin: EdgeOrigin): string => pascalCase(origin);
