import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect } from 'node:net';
import * as path from 'node:path';
import { fromRoot } from '../lib/paths';
import { webRuntimeConfig, withInlineRuntimeConfig } from '../lib/runtime-config';
import type { Deployment } from './deploy';

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

/** Runtime settings read by the web app at start, inside index.html and as /config.json (both deployed on AWS too); `MAP_STYLE_URL` sets the map's basemap. */
export const runtimeConfig = () => webRuntimeConfig({ mapStyleUrl: process.env.MAP_STYLE_URL?.trim() || null });

/**
 * Plays CloudFront's part on a developer machine: serves the built app (unknown paths answer
 * index.html), forwards /api/* to the REST API in the emulator and /ws to its WebSocket API, so
 * the browser stays same-origin as it is on AWS.
 */
export const startWebServer = (deployment: Deployment, port: number, distDir = fromRoot('web/dist')): Promise<Server> => {
  const api = new URL(deployment.restBaseUrl);
  const socket = new URL(deployment.socketUrl.replace(/^ws/, 'http'));

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname.startsWith('/api/')) return forward(req, res, api, url);
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'Content-Type': CONTENT_TYPES['.json'], 'Cache-Control': 'no-store' });
      return res.end(JSON.stringify(runtimeConfig()));
    }
    const file = path.join(distDir, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
    const target = existsSync(file) && statSync(file).isFile() ? file : path.join(distDir, 'index.html');
    if (!existsSync(target)) {
      res.writeHead(503, { 'Content-Type': 'text/plain' });
      return res.end('The web app is not built yet (npm run build:web).');
    }
    const immutable = target.includes(`${path.sep}assets${path.sep}`);
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPES[path.extname(target)] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (path.basename(target) === 'index.html') return res.end(withInlineRuntimeConfig(readFileSync(target, 'utf8'), runtimeConfig()));
    createReadStream(target).pipe(res);
  });

  server.on('upgrade', (req: IncomingMessage, client, head) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== '/ws') return client.destroy();
    const upstream = connect(Number(socket.port), socket.hostname, () => {
      const headers = Object.entries(req.headers)
        .filter(([name]) => name !== 'host')
        .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : value}`);
      upstream.write(
        [`GET ${socket.pathname}${url.search} HTTP/1.1`, `host: ${socket.host}`, ...headers, '', ''].join('\r\n'),
      );
      if (head.length) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });

  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
};

const forward = (req: IncomingMessage, res: import('node:http').ServerResponse, api: URL, url: URL): void => {
  const upstream = httpRequest(
    {
      hostname: api.hostname,
      port: api.port,
      method: req.method,
      path: `${api.pathname}${url.pathname}${url.search}`,
      headers: { ...req.headers, host: api.host },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ res: false, msg: 'internal_error' }));
  });
  req.pipe(upstream);
};
