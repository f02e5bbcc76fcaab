import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  API_BASE,
  behaviourFor,
  EDGE_HEADER_NAMES,
  responseHeadersOf,
  SITE_FOLDERS,
  SOCKET_FORWARDED_HEADERS,
  SOCKET_PATH,
  type EdgeOrigin,
} from '../../infra/lib/edge';
import { RUNTIME_CONFIG_ELEMENT, webRuntimeConfig } from '../../infra/lib/runtime-config';
import { loadEdgeFunction } from '../../infra/local/edge-functions';
import { startEdgeServer } from '../../infra/local/web-server';

/**
 * The local web server plays the edge of infra/lib/edge.ts: for each path, the behaviour the
 * definition chooses is the origin the server asks, with the path the definition's function makes
 * of it, and the answer carries the definition's headers. The origins are stand-ins here: a built
 * app in a temporary folder, and one server for both APIs that records what it was asked.
 */

const STAGE = 'prod';
const INDEX = `<!doctype html><head>${RUNTIME_CONFIG_ELEMENT}</head>`;
const ASSET = 'console.log("x")';
const ORIGIN_SECRET = 'origin-secret-of-the-test';
const COMPRESSED = gzipSync(JSON.stringify({ res: true, data: Array.from({ length: 200 }, (_, index) => ({ _id: `p${index}`, name: `Compteur ${index}` })) }));

type Asked = { origin: EdgeOrigin; path: string; headers: IncomingHttpHeaders };
let asked: Asked[] = [];
const upgraded = new Set<import('node:stream').Duplex>();
let origins: Server;
let edge: Server;
let base: string;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'edge-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'img', 'avatars'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'x.js'), ASSET);
  writeFileSync(path.join(dist, 'img', 'avatars', 'male.svg'), '<svg/>');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');

  const originOf = (url: string): EdgeOrigin => (url.startsWith('/_aws/execute-api/socket-api/') ? 'socket' : 'api');
  origins = createServer((req, res) => {
    asked.push({ origin: originOf(req.url!), path: req.url!, headers: req.headers });
    // A function's gzip-compressed answer, as API Gateway sends it on: the bytes, with their Content-Encoding.
    if (req.url!.includes('/v1/compressed')) {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
      return void res.end(COMPRESSED);
    }
    // The REST API's own "not found": a JSON body with its status.
    res.writeHead(404, { 'Content-Type': 'application/json', 'X-Api': 'yes' });
    res.end(JSON.stringify({ res: false, msg: 'not_found' }));
  });
  origins.on('upgrade', (req, socket) => {
    upgraded.add(socket);
    asked.push({ origin: originOf(req.url!), path: req.url!, headers: req.headers });
    const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
  });
  await new Promise<void>((resolve) => origins.listen(0, '127.0.0.1', resolve));
  const originBase = `http://127.0.0.1:${(origins.address() as AddressInfo).port}/_aws/execute-api`;
  edge = await startEdgeServer(
    { api: new URL(`${originBase}/rest-api`), socket: new URL(`${originBase}/socket-api`), stage: STAGE, originSecret: ORIGIN_SECRET },
    0,
    dist,
  );
  base = `http://127.0.0.1:${(edge.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of upgraded) socket.destroy();
  edge?.closeAllConnections();
  origins?.closeAllConnections();
  await Promise.all([edge, origins].map((server) => new Promise((resolve) => server?.close(resolve))));
});

const get = async (pathAndQuery: string, headers: Record<string, string> = {}) => {
  asked = [];
  const response = await fetch(`${base}${pathAndQuery}`, { headers, redirect: 'manual' });
  return { status: response.status, body: await response.text(), headers: response.headers, asked };
};

const expectEdgeHeaders = (headers: Headers, pathname: string) => {
  for (const [name, value] of Object.entries(responseHeadersOf(behaviourFor(pathname)))) expect(headers.get(name)).toBe(value);
};

/** What each path is: the page (index.html), a file of the build, the API's own answer, or 404. */
const TABLE: [path: string, expected: 'page' | 'file' | 'api' | 'missing'][] = [
  ['/', 'page'],
  ['/dashboard', 'page'],
  ['/settings/users', 'page'],
  ['/locations/Si%C3%A8ge%20v1.2/abc123', 'page'],
  // The print route's token is a JWT: dots deep in a web path do not make it a file.
  ['/reports/phantom/edit/abc123/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln', 'page'],
  ['/index.html', 'page'],
  ['/assets/x.js', 'file'],
  ['/img/avatars/male.svg', 'file'],
  ['/favicon.svg', 'file'],
  ['/config.json', 'file'],
  [`${API_BASE}/v1/nothing`, 'api'],
  [`${API_BASE}/v1/users/auto_login?x=1`, 'api'],
  ['/favicon.ico', 'missing'],
  ['/assets/missing-0123.js', 'missing'],
  ['/img/missing.png', 'missing'],
];

describe('the local web server, as the edge definition says', () => {
  for (const [pathAndQuery, expected] of TABLE) {
    it(`${pathAndQuery} → ${expected}`, async () => {
      const pathname = new URL(pathAndQuery, 'http://x').pathname;
      const behaviour = behaviourFor(pathname);
      const answer = await get(pathAndQuery, { Cookie: 'a=b', 'X-Viewer': 'v' });
      expectEdgeHeaders(answer.headers, pathname);
      // The origin the definition names is the one asked (the bucket is the folder: no API asked).
      expect(answer.asked.map((request) => request.origin)).toEqual(behaviour.origin === 'site' ? [] : [behaviour.origin]);
      switch (expected) {
        case 'page':
          expect(behaviour.origin).toBe('site');
          expect(answer.status).toBe(200);
          expect(answer.body).toContain(JSON.stringify(webRuntimeConfig({ mapStyleUrl: null })).slice(0, 20));
          expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
          break;
        case 'file':
          expect(answer.status).toBe(200);
          expect(answer.body).not.toContain('<!doctype html>');
          if (pathname === '/assets/x.js') expect(answer.body).toBe(ASSET);
          break;
        case 'api':
          // The API's status, body and headers pass through, asked on its stage with the path and query as they came, the viewer's headers with it.
          expect(answer.status).toBe(404);
          expect(JSON.parse(answer.body)).toEqual({ res: false, msg: 'not_found' });
          expect(answer.headers.get('x-api')).toBe('yes');
          expect(answer.asked[0].path).toBe(`/_aws/execute-api/rest-api/${STAGE}${pathAndQuery}`);
          expect(answer.asked[0].headers).toMatchObject({ cookie: 'a=b', 'x-viewer': 'v' });
          break;
        case 'missing':
          expect(answer.status).toBe(404);
          expect(answer.body).not.toContain('<!doctype html>');
          break;
      }
    });
  }

  it(`${API_BASE}/* → the API with the edge's own headers over the viewer's: the origin secret and the viewer's address`, async () => {
    const [secretHeader, viewerHeader] = [EDGE_HEADER_NAMES['origin-secret'], EDGE_HEADER_NAMES['viewer-address']].map((name) => name.toLowerCase());
    expect(behaviourFor(`${API_BASE}/v1/users/authenticate`).edgeHeaders).toEqual(['origin-secret', 'viewer-address']);
    // A viewer that sends both headers itself: the edge writes its own over them, as CloudFront does.
    const answer = await get(`${API_BASE}/v1/users/authenticate`, { [secretHeader]: 'guessed', [viewerHeader]: '198.51.100.10:1' });
    expect(answer.asked[0].headers[secretHeader]).toBe(ORIGIN_SECRET);
    expect(answer.asked[0].headers[viewerHeader]).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(Number(String(answer.asked[0].headers[viewerHeader]).split(':')[1])).toBeGreaterThan(0);
    // The site is never sent either.
    expect(behaviourFor('/dashboard').edgeHeaders).toEqual([]);
  });

  it(`${API_BASE}/* → a gzip-compressed answer reaches the browser as the function made it: its bytes and Content-Encoding untouched`, async () => {
    asked = [];
    const answer = await new Promise<{ headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      const outgoing = httpRequest(`${base}${API_BASE}/v1/compressed`, { headers: { Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }));
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
    expect(asked[0].headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.bytes.equals(COMPRESSED)).toBe(true);
  });

  it(`${SOCKET_PATH} → the WebSocket API on its stage, with the token and the handshake headers only`, async () => {
    asked = [];
    const socket = new WebSocket(`${base.replace('http', 'ws')}${SOCKET_PATH}?token=abc`, { headers: { Cookie: 'a=b' } });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.terminate();
    expect(behaviourFor(SOCKET_PATH).origin).toBe('socket');
    expect(asked).toHaveLength(1);
    expect(asked[0].origin).toBe('socket');
    expect(asked[0].path).toBe(`/_aws/execute-api/socket-api/${STAGE}?token=abc`);
    const forwarded = new Set([...SOCKET_FORWARDED_HEADERS.map((name) => name.toLowerCase()), 'host', 'upgrade', 'connection']);
    expect(Object.keys(asked[0].headers).filter((name) => !forwarded.has(name))).toEqual([]);
    expect(asked[0].headers['sec-websocket-key']).toBeTruthy();
  });

  it("is where the web's runtime configuration sends its calls and its socket", () => {
    const { apiBase, socketPath } = webRuntimeConfig({ mapStyleUrl: null });
    expect(behaviourFor(`${apiBase}/v1/users/auto_login`).origin).toBe('api');
    expect(behaviourFor(socketPath).origin).toBe('socket');
  });

  it('refuses a WebSocket on any other path', async () => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/v1/ws`);
    await expect(new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    })).rejects.toThrow();
  });
});

describe("the site function (the code CloudFront runs, run here as the local server runs it)", () => {
  const siteRequest = loadEdgeFunction('site-request', { stage: STAGE });
  const uriOf = (uri: string) => siteRequest({ method: 'GET', uri, querystring: {}, headers: {} }).uri;

  it('leaves every file the build copies from web/public as it is', () => {
    const publicDir = new URL('../../web/public/', import.meta.url).pathname;
    const files = readdirSync(publicDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(uriOf(file), file).toBe(file);
  });

  it("knows vite's assets folder as a folder of files", () => {
    expect(SITE_FOLDERS).toContain('assets');
    expect(uriOf('/assets/index-abc.js')).toBe('/assets/index-abc.js');
  });

  it('answers index.html for the web routes, wherever a dot is', () => {
    for (const route of ['/', '/login', '/dashboard', '/dashboard/Ma%20vue/abc', '/settings/system/customers/edit/1', '/reports/phantom/edit/1/a.b.c']) {
      expect(uriOf(route), route).toBe('/index.html');
    }
  });

  it('asks the WebSocket API on the stage', () => {
    const socketRequest = loadEdgeFunction('socket-request', { stage: STAGE });
    expect(socketRequest({ method: 'GET', uri: SOCKET_PATH, querystring: { token: { value: 't' } }, headers: {} })).toMatchObject({
      uri: `/${STAGE}`,
      querystring: { token: { value: 't' } },
    });
  });
});
