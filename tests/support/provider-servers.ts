import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenServer, LOOPBACK_HOST } from './loopback-port';

/**
 * Small local servers speaking the device-network providers' APIs (they cannot be reached from
 * here): they check the `apikey` header, count and record every call, and serve values from
 * memory that a test can add to. The product's clients reach the real providers by their
 * endpoint alone.
 */
export interface RecordedCall {
  path: string;
  query: Record<string, string>;
  apikey: string | null;
}

export interface DeviceValues {
  /** ISO 8601 instant → values by point key. */
  [timestamp: string]: Record<string, number | boolean | string>;
}

interface Route {
  pattern: RegExp;
  answer: (match: RegExpExecArray, query: URLSearchParams) => unknown;
}

export interface ProviderServer {
  /** What a source's `endpoint` is set to (its `api_version` is the path segment after it). */
  endpoint: string;
  apiKey: string;
  calls: RecordedCall[];
  /** Calls whose path starts with the given text. */
  callsTo: (prefix: string) => RecordedCall[];
  close: () => Promise<void>;
}

const startServer = async (apiKey: string, version: string, routes: Route[], delayMs = 0): Promise<ProviderServer> => {
  const calls: RecordedCall[] = [];
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://provider');
    const apikey = typeof request.headers.apikey === 'string' ? request.headers.apikey : null;
    const path = url.pathname.startsWith(`/${version}/`) ? url.pathname.slice(version.length + 1) : url.pathname;
    calls.push({ path, query: Object.fromEntries(url.searchParams), apikey });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'GET' || !url.pathname.startsWith(`/${version}/`)) return send(404, { message: 'not found' });
    if (apikey !== apiKey) return send(401, { message: 'invalid api key' });
    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (match) return send(200, route.answer(match, url.searchParams));
    }
    send(404, { message: 'not found' });
  };
  // A slow provider, for screens that show their waiting.
  const handle = (request: IncomingMessage, response: ServerResponse) => void setTimeout(() => answer(request, response), delayMs);
  const server: Server = createServer(handle);
  const port = await listenServer(server);
  return {
    endpoint: `http://${LOOPBACK_HOST}:${port}`,
    apiKey,
    calls,
    callsTo: (prefix) => calls.filter((call) => call.path.startsWith(prefix)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

const within = (timestamp: string, query: URLSearchParams): boolean => {
  const at = Date.parse(timestamp);
  const since = query.get('since');
  const until = query.get('until');
  return (!since || at >= Date.parse(since)) && (!until || at <= Date.parse(until));
};

export interface ObjeniousDevice {
  id: number;
  label: string;
  group: number;
  profile: number;
  deveui: string;
  values: DeviceValues;
}

/**
 * Objenious SPOT API v2: `/v2/groups`, `/v2/profiles`, `/v2/devices`, `/v2/devices/{id}/state`
 * (the last values by name) and `/v2/devices/{id}/values?since&until&limit&cursor` (newest
 * first; `cursor` continues a full page).
 */
export const startObjeniousServer = (options: {
  apiKey: string;
  groups: { id: number; name: string }[];
  profiles: { id: number; name: string }[];
  devices: ObjeniousDevice[];
  delayMs?: number;
}): Promise<ProviderServer> => {
  const device = (id: string) => options.devices.find((candidate) => String(candidate.id) === id);
  return startServer(options.apiKey, 'v2', [
    { pattern: /^\/groups$/, answer: () => options.groups.map((group) => ({ ...group, link: `/v2/groups/${group.id}`, parent: null })) },
    { pattern: /^\/profiles$/, answer: () => options.profiles.map((profile) => ({ ...profile, link: `/v2/profiles/${profile.id}` })) },
    {
      pattern: /^\/devices$/,
      answer: () =>
        options.devices.map((entry) => ({
          id: entry.id,
          label: entry.label,
          link: `/v2/devices/${entry.id}`,
          group: { id: entry.group },
          profile: { id: entry.profile },
          properties: { deveui: entry.deveui, appeui: '70B3D59BA0000004', external_id: null },
          status: 'active',
          enabled: true,
        })),
    },
    {
      pattern: /^\/devices\/(\d+)\/state$/,
      answer: ([, id]) => {
        const found = device(id);
        const latest = Object.keys(found?.values ?? {}).sort().at(-1);
        return { id: Number(id), status: 'active', data: latest ? found!.values[latest] : {}, last_uplink: latest ?? null };
      },
    },
    {
      pattern: /^\/devices\/(\d+)\/values$/,
      answer: ([, id], query) => {
        const entries = Object.entries(device(id)?.values ?? {})
          .filter(([timestamp]) => within(timestamp, query))
          .sort(([a], [b]) => b.localeCompare(a))
          .map(([timestamp, data]) => ({ timestamp, data }));
        const limit = Number(query.get('limit') ?? 50);
        const offset = Number(query.get('cursor') ?? 0);
        const page = entries.slice(offset, offset + limit);
        return { values: page, cursor: offset + limit < entries.length ? String(offset + limit) : null };
      },
    },
  ], options.delayMs);
};

export interface EvelerDevice {
  id: string;
  name: string;
  unique_id: string;
  group_id: string;
  profile_id: string;
  /** Point key → ISO instant → value. */
  values: Record<string, Record<string, number>>;
}

/**
 * The Eveler API as `functions/src/clients/eveler-client.ts` describes it: `/v1/groups`,
 * `/v1/profiles` (with their points), `/v1/devices`, `/v1/devices/{id}/points/{key}/values?since&until&cursor`.
 */
export const startEvelerServer = (options: {
  apiKey: string;
  groups: { id: string; name: string }[];
  profiles: { id: string; name: string; points: { key: string; name: string; unit: string }[] }[];
  devices: EvelerDevice[];
  pageSize?: number;
}): Promise<ProviderServer> =>
  startServer(options.apiKey, 'v1', [
    { pattern: /^\/groups$/, answer: () => ({ groups: options.groups }) },
    { pattern: /^\/profiles$/, answer: () => ({ profiles: options.profiles }) },
    { pattern: /^\/devices$/, answer: () => ({ devices: options.devices.map(({ values: _values, ...device }) => device) }) },
    {
      pattern: /^\/devices\/([^/]+)\/points\/([^/]+)\/values$/,
      answer: ([, id, key], query) => {
        const entries = Object.entries(options.devices.find((device) => device.id === decodeURIComponent(id))?.values[decodeURIComponent(key)] ?? {})
          .filter(([timestamp]) => within(timestamp, query))
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([date, value]) => ({ date, value }));
        const size = options.pageSize ?? 100;
        const offset = Number(query.get('cursor') ?? 0);
        return { values: entries.slice(offset, offset + size), next: offset + size < entries.length ? String(offset + size) : null };
      },
    },
  ]);
