import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import * as path from 'node:path';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import {
  behaviourFor,
  EDGE_HEADER_NAMES,
  originPathOf,
  responseHeadersOf,
  viewerAddressValue,
  type EdgeBehaviour,
  type EdgeFunctionName,
} from '../lib/edge';
import { fromRoot } from '../lib/paths';
import { mapStyleUrlOf, webRuntimeConfig, withInlineRuntimeConfig } from '../lib/runtime-config';
import type { Deployment } from './deploy';
import { loadEdgeFunction, type ViewerRequest } from './edge-functions';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/**
 * Runtime settings read by the web app at start, inside index.html and as /config.json (both deployed on AWS too);
 * `MAP_STYLE_URL` sets the map's basemap (unset: the default provider's; `none`: the bundled one alone).
 */
export const runtimeConfig = () => webRuntimeConfig({ mapStyleUrl: mapStyleUrlOf(process.env.MAP_STYLE_URL) });

/**
 * What stands for CloudFront's API origins here: the emulator's address of each API (no stage:
 * the edge adds it, as on AWS), and the deployment's origin secret, sent as CloudFront sends it.
 */
export interface EdgeOrigins {
  api: URL;
  socket: URL;
  stage: string;
  originSecret: string;
}

/** The emulator's APIs of a deployment, as the edge's origins, with its origin secret read from the emulator's Secrets Manager. */
export const edgeOriginsOf = async (deployment: Deployment): Promise<EdgeOrigins> => {
  if (!deployment.originSecretArn) throw new Error('The deployment names no origin secret (OriginSecretArn): deploy again');
  const secrets = new SecretsManagerClient({ endpoint: deployment.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
  const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: deployment.originSecretArn }));
  if (!SecretString) throw new Error('The origin secret has no value');
  return {
    api: new URL(`${deployment.endpoint}/_aws/execute-api/${deployment.restApiId}`),
    socket: new URL(`${deployment.endpoint}/_aws/execute-api/${deployment.socketApiId}`),
    stage: deployment.stage,
    originSecret: SecretString,
  };
};

/**
 * Plays CloudFront's part on a developer machine, from the edge's one definition
 * (infra/lib/edge.ts): the same behaviours chosen by the same path patterns, the same
 * viewer-request function code run on each request (the web's own paths answer index.html, a
 * missing file 404), the same origin paths and forwarded headers, the same response headers. The
 * bucket's part is the built app in `distDir`, with the runtime configuration written into
 * index.html and served as /config.json, as the deployment uploads them on AWS.
 */
export const startWebServer = async (deployment: Deployment, port: number, distDir = fromRoot('web/dist')): Promise<Server> =>
  startEdgeServer(await edgeOriginsOf(deployment), port, distDir);

export const startEdgeServer = (origins: EdgeOrigins, port: number, distDir: string): Promise<Server> => {
  const functions: Record<EdgeFunctionName, (request: ViewerRequest) => ViewerRequest> = {
    'site-request': loadEdgeFunction('site-request', origins),
    'socket-request': loadEdgeFunction('socket-request', origins),
  };
  /** The behaviour of a request, and the path its origin is asked for once the behaviour's function ran. */
  const route = (req: IncomingMessage) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const behaviour = behaviourFor(url.pathname);
    const request: ViewerRequest = {
      method: req.method ?? 'GET',
      uri: url.pathname,
      querystring: Object.fromEntries([...url.searchParams].map(([name, value]) => [name, { value }])),
      headers: Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, { value: String(value) }])),
    };
    const { uri } = behaviour.viewerRequest ? functions[behaviour.viewerRequest](request) : request;
    return { behaviour, uri, search: url.search };
  };
  const originOf = (behaviour: EdgeBehaviour): URL => (behaviour.origin === 'socket' ? origins.socket : origins.api);

  const server = createServer((req, res) => {
    const { behaviour, uri, search } = route(req);
    const headers = responseHeadersOf(behaviour);
    if (behaviour.origin === 'site') return serveSite(res, uri, distDir, headers);
    const origin = originOf(behaviour);
    forward(req, res, behaviour, origin, `${origin.pathname}${originPathOf(behaviour.origin, origins)}${uri}${search}`, headers, origins.originSecret);
  });

  server.on('upgrade', (req: IncomingMessage, client, head) => {
    const { behaviour, uri, search } = route(req);
    if (behaviour.origin !== 'socket') return client.destroy();
    const origin = originOf(behaviour);
    const upstream = connect(Number(origin.port), origin.hostname, () => {
      const headers = Object.entries(originHeadersFor(behaviour, req, origins.originSecret))
        .concat([['upgrade', String(req.headers.upgrade)], ['connection', String(req.headers.connection)]])
        .map(([name, value]) => `${name}: ${value}`);
      upstream.write(
        [`GET ${origin.pathname}${originPathOf(behaviour.origin, origins)}${uri}${search} HTTP/1.1`, `host: ${origin.host}`, ...headers, '', ''].join('\r\n'),
      );
      if (head.length) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
  });

  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
};

/** The viewer's headers the behaviour's origin request policy lets through (Host is the origin's own). */
const viewerHeadersFor = (behaviour: EdgeBehaviour, req: IncomingMessage): Record<string, string> => {
  const entries = Object.entries(req.headers).filter(([name]) => name !== 'host');
  const allowed = behaviour.viewerHeaders === 'all-but-host' ? null : new Set(behaviour.viewerHeaders.map((name) => name.toLowerCase()));
  return Object.fromEntries(
    entries
      .filter(([name]) => !allowed || allowed.has(name))
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
  );
};

/**
 * What the origin receives: the viewer's headers the policy lets through, and over them the edge's
 * own (the origin secret, the viewer's address as the connection shows it), as CloudFront
 * overwrites a viewer's header of the same name.
 */
const originHeadersFor = (behaviour: EdgeBehaviour, req: IncomingMessage, originSecret: string): Record<string, string> => {
  const own: Record<string, string> = {};
  for (const header of behaviour.edgeHeaders) {
    const value =
      header === 'origin-secret' ? originSecret : viewerAddressValue(req.socket.remoteAddress ?? '127.0.0.1', req.socket.remotePort ?? 0);
    own[EDGE_HEADER_NAMES[header].toLowerCase()] = value;
  }
  return { ...viewerHeadersFor(behaviour, req), ...own };
};

/** The bucket's part: the file at `uri`, or 404 (the distribution's bucket lets CloudFront list it, so a missing key is a 404, not a 403). */
const serveSite = (res: ServerResponse, uri: string, distDir: string, headers: Record<string, string>): void => {
  if (uri === '/config.json') {
    res.writeHead(200, { ...headers, 'Content-Type': CONTENT_TYPES['.json'] });
    return void res.end(JSON.stringify(runtimeConfig()));
  }
  const root = path.resolve(distDir);
  let file: string;
  try {
    file = path.resolve(root, `.${path.posix.normalize(decodeURIComponent(uri))}`);
  } catch {
    file = '';
  }
  if (uri === '/index.html' && !existsSync(file)) {
    res.writeHead(503, { 'Content-Type': 'text/plain' });
    return void res.end('The web app is not built yet (npm run build:web).');
  }
  if (!file.startsWith(`${root}${path.sep}`) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
    return void res.end('Not found');
  }
  res.writeHead(200, { ...headers, 'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
  if (uri === '/index.html') return void res.end(withInlineRuntimeConfig(readFileSync(file, 'utf8'), runtimeConfig()));
  createReadStream(file).pipe(res);
};

/** An API's part: the request as the behaviour's origin request policy sends it, the answer as it comes (status and body), with the edge's headers over it. */
const forward = (
  req: IncomingMessage,
  res: ServerResponse,
  behaviour: EdgeBehaviour,
  origin: URL,
  originPath: string,
  headers: Record<string, string>,
  originSecret: string,
): void => {
  const upstream = httpRequest(
    {
      hostname: origin.hostname,
      port: origin.port,
      method: req.method,
      path: originPath,
      headers: { ...originHeadersFor(behaviour, req, originSecret), host: origin.host },
    },
    (answer) => {
      const own = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !(name.toLowerCase() in lowerCased(headers))));
      res.writeHead(answer.statusCode ?? 502, { ...own, ...headers });
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ res: false, msg: 'internal_error' }));
  });
  req.pipe(upstream);
};

const lowerCased = (headers: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
