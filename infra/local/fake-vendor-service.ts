import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CompactSign, importJWK, type JWK } from 'jose';
import { VENDOR_ANSWER_AUDIENCE, type VendorAnswerClaims } from '../../shared/src/schemas/application';

/**
 * A local stand-in for the vendor's update and licence service, speaking its API on a loopback
 * port: `GET /update/latest/{machine_id}` (the latest release), `GET /update/release/{version}`
 * (a release's manifest) and `GET /update/is_allowed/{machine_id}` (asked by browsers directly,
 * so it answers CORS), whose answer carries the vendor's signature over it, the machine and the
 * time, made with the development vendor's private key (the one that signs licences). Tests set
 * its answers through `POST /_control` (tests/support/vendor-service.ts).
 */
export interface VendorState {
  latest: string;
  is_locked: boolean;
  is_allowed_to_update: boolean;
}

export interface FakeVendorService {
  url: string;
  close: () => Promise<void>;
}

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type',
  });
  response.end(JSON.stringify(body));
};

const readBody = async (request: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    return {};
  }
};

const RELEASED_AT = '2026-01-15T09:00:00.000Z';

/** The vendor's signature over its is_allowed answer for one machine, now. */
const signAnswer = async (privateKey: JWK, machineId: string, state: VendorState): Promise<string> => {
  const claims: VendorAnswerClaims = {
    aud: VENDOR_ANSWER_AUDIENCE,
    machine_id: machineId,
    is_locked: state.is_locked,
    is_allowed_to_update: state.is_allowed_to_update,
    iat: Math.floor(Date.now() / 1000),
  };
  return new CompactSign(new TextEncoder().encode(JSON.stringify(claims))).setProtectedHeader({ alg: 'EdDSA' }).sign(await importJWK(privateKey, 'EdDSA'));
};

export const startFakeVendorService = async (initial: VendorState, signingKeyFile: string): Promise<FakeVendorService> => {
  const state: VendorState = { ...initial };
  const privateKey = JSON.parse(readFileSync(signingKeyFile, 'utf8')) as JWK;
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
      if (request.method === 'OPTIONS') return send(response, 204, {});
      if (request.method === 'POST' && url.pathname === '/_control') {
        const changes = (await readBody(request)) as Partial<VendorState>;
        if (typeof changes.latest === 'string') state.latest = changes.latest;
        if (typeof changes.is_locked === 'boolean') state.is_locked = changes.is_locked;
        if (typeof changes.is_allowed_to_update === 'boolean') state.is_allowed_to_update = changes.is_allowed_to_update;
        return send(response, 200, state);
      }
      if (request.method !== 'GET' || parts[0] !== 'update' || parts.length !== 3) return send(response, 404, { error: 'not found' });
      if (parts[1] === 'latest') return send(response, 200, { data: { version: state.latest, released_at: RELEASED_AT } });
      if (parts[1] === 'release') {
        if (parts[2] !== state.latest) return send(response, 404, { error: 'unknown release' });
        return send(response, 200, { data: { version: state.latest, released_at: RELEASED_AT, notes: `WattWise ${state.latest}` } });
      }
      if (parts[1] === 'is_allowed') {
        const signature = await signAnswer(privateKey, parts[2], state);
        return send(response, 200, { data: { is_locked: state.is_locked, is_allowed_to_update: state.is_allowed_to_update, signature } });
      }
      return send(response, 404, { error: 'not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
