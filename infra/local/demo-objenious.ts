import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { LOOPBACK_TEST_PORTS } from './loopback-test-ports';

/**
 * The demo's device network: a local stand-in for Bouygues Telecom's Objenious (SPOT API v2),
 * which cannot be reached from here, with the calls the product makes — `/v2/groups`,
 * `/v2/profiles`, `/v2/devices`, `/v2/devices/{id}/state` and
 * `/v2/devices/{id}/values?since&until&limit&cursor` — behind its `apikey` header. Its sensors
 * measure every ten minutes, from a day before it started up to now: values are a steady function
 * of the time, so each fetch on the source's schedule finds the new ones. It listens on a port of the block the emulator's
 * deployments open to outbound calls (infra/local/loopback-test-ports.ts), as a customer's
 * provider would be reached.
 */
export interface DemoObjenious {
  /** A source's `endpoint` (its `api_version` is `v2`). */
  endpoint: string;
  apiKey: string;
  close: () => Promise<void>;
}

const STEP_MS = 10 * 60_000;
const DAY_MS = 24 * 3600_000;

interface DemoDevice {
  id: number;
  label: string;
  deveui: string;
  /** Point key → the value measured at an instant. */
  measures: Record<string, (at: number) => number>;
}

const daily = (at: number, phaseHours: number) => Math.sin((2 * Math.PI * (at - phaseHours * 3600_000)) / DAY_MS);
const round = (value: number, digits: number) => Number(value.toFixed(digits));

const DEVICES: DemoDevice[] = [
  {
    id: 7301,
    label: 'Ambiance atelier',
    deveui: '70B3D5E75E00A101',
    measures: {
      temperature: (at) => round(19.5 + 2.5 * daily(at, 9), 2),
      humidity: (at) => round(48 - 8 * daily(at, 9), 1),
    },
  },
  {
    id: 7302,
    label: 'Qualité de l’air salle de réunion',
    deveui: '70B3D5E75E00A102',
    measures: { co2: (at) => Math.round(520 + 380 * Math.max(0, daily(at, 8))) },
  },
];

const GROUP = { id: 41, name: 'Usine Grenoble' };
const PROFILE = { id: 12, name: 'Capteur d’ambiance LoRa' };

/** The device's data at an instant (on the ten-minute grid). */
const dataAt = (device: DemoDevice, at: number) => Object.fromEntries(Object.entries(device.measures).map(([key, measure]) => [key, measure(at)]));

/** The ten-minute instants from `since` to `until` (both included), newest first, as the provider pages them. */
const instantsBetween = (since: number, until: number): number[] => {
  const instants: number[] = [];
  for (let at = Math.floor(until / STEP_MS) * STEP_MS; at >= since; at -= STEP_MS) instants.push(at);
  return instants;
};

/** How far back the sensors have measured when the stand-in starts: a day, so a first fetch writes a day's values. */
const INSTALLED_BEFORE_MS = DAY_MS;

const answer = (apiKey: string, installedAt: number) => (request: IncomingMessage, response: ServerResponse) => {
  const url = new URL(request.url ?? '/', 'http://objenious');
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (request.method !== 'GET' || !url.pathname.startsWith('/v2/')) return send(404, { message: 'not found' });
  if (request.headers.apikey !== apiKey) return send(401, { message: 'invalid api key' });
  const path = url.pathname.slice('/v2'.length);
  const now = Date.now();
  const deviceOf = (id: string) => DEVICES.find((device) => String(device.id) === id);
  if (path === '/groups') return send(200, [{ ...GROUP, link: `/v2/groups/${GROUP.id}`, parent: null }]);
  if (path === '/profiles') return send(200, [{ ...PROFILE, link: `/v2/profiles/${PROFILE.id}` }]);
  if (path === '/devices') {
    return send(
      200,
      DEVICES.map((device) => ({
        id: device.id,
        label: device.label,
        link: `/v2/devices/${device.id}`,
        group: { id: GROUP.id },
        profile: { id: PROFILE.id },
        properties: { deveui: device.deveui, appeui: '70B3D59BA0000004', external_id: null },
        status: 'active',
        enabled: true,
      })),
    );
  }
  const state = /^\/devices\/(\d+)\/state$/.exec(path);
  if (state && deviceOf(state[1])) {
    const last = Math.floor(now / STEP_MS) * STEP_MS;
    return send(200, { id: Number(state[1]), status: 'active', data: dataAt(deviceOf(state[1])!, last), last_uplink: new Date(last).toISOString() });
  }
  const values = /^\/devices\/(\d+)\/values$/.exec(path);
  if (values && deviceOf(values[1])) {
    const device = deviceOf(values[1])!;
    const since = url.searchParams.get('since') ? Date.parse(url.searchParams.get('since')!) : now - DAY_MS;
    const until = Math.min(url.searchParams.get('until') ? Date.parse(url.searchParams.get('until')!) : now, now);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const offset = Number(url.searchParams.get('cursor') ?? 0);
    const instants = instantsBetween(Math.max(since, installedAt), until);
    const page = instants.slice(offset, offset + limit).map((at) => ({ timestamp: new Date(at).toISOString(), data: dataAt(device, at) }));
    return send(200, { values: page, cursor: offset + limit < instants.length ? String(offset + limit) : null });
  }
  send(404, { message: 'not found' });
};

const listenOnBlock = async (server: Server): Promise<number> => {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = LOOPBACK_TEST_PORTS.from + Math.floor(Math.random() * (LOOPBACK_TEST_PORTS.to - LOOPBACK_TEST_PORTS.from + 1));
    const listening = await new Promise<boolean>((resolve, reject) => {
      const failed = (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(false) : reject(error));
      server.once('error', failed);
      server.listen(port, LOOPBACK_TEST_PORTS.host, () => {
        server.removeListener('error', failed);
        resolve(true);
      });
    });
    if (listening) return port;
  }
  throw new Error(`No free port in ${LOOPBACK_TEST_PORTS.from}-${LOOPBACK_TEST_PORTS.to}`);
};

export const startDemoObjenious = async (): Promise<DemoObjenious> => {
  const apiKey = `demo-${randomBytes(12).toString('hex')}`;
  const server = createServer(answer(apiKey, Date.now() - INSTALLED_BEFORE_MS));
  const port = await listenOnBlock(server);
  return {
    endpoint: `http://${LOOPBACK_TEST_PORTS.host}:${port}`,
    apiKey,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
