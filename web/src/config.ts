/**
 * The runtime configuration the server writes into index.html (`#wattwise-config`), or else
 * `/config.json` gives (both written by the deployment, read before the first screen).
 */
export interface RuntimeConfig {
  /** Base of the REST API, same origin as the app (`/api`). */
  apiBase: string;
  /** Path of the WebSocket endpoint, same origin as the app (`/ws`). */
  socketPath: string;
  /** The MapLibre style of the maplytics basemap; none: the countries bundled with the app (no network needed). */
  mapStyleUrl: string | null;
}

const isSameOriginPath = (value: unknown): value is string => typeof value === 'string' && value.startsWith('/');

const isUrl = (value: unknown): value is string => typeof value === 'string' && URL.canParse(value);

/**
 * Checked by hand rather than with zod: the first screen parses nothing else, and zod's core
 * would weigh ~25 KiB gzip in it.
 */
const parseRuntimeConfig = (value: unknown): RuntimeConfig => {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const mapStyleUrl = raw.mapStyleUrl ?? null;
  if (!isSameOriginPath(raw.apiBase) || !isSameOriginPath(raw.socketPath) || !(mapStyleUrl === null || isUrl(mapStyleUrl))) {
    throw new Error('The runtime configuration is malformed');
  }
  return { apiBase: raw.apiBase, socketPath: raw.socketPath, mapStyleUrl };
};

let loaded: RuntimeConfig | null = null;

/** What the server wrote into index.html, if it did. */
const inlineConfig = (): unknown => {
  const text = document.getElementById('wattwise-config')?.textContent?.trim();
  return text ? (JSON.parse(text) as unknown) : null;
};

const fetchConfig = async (): Promise<unknown> => {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return response.json();
};

/**
 * Reads the configuration once at start — from index.html without a request, else from
 * `/config.json`; a malformed one stops the app here rather than later.
 */
export const loadConfig = async (): Promise<RuntimeConfig> => {
  loaded = parseRuntimeConfig(inlineConfig() ?? (await fetchConfig()));
  return loaded;
};

export const config = (): RuntimeConfig => {
  if (!loaded) throw new Error('The runtime configuration is read before loadConfig() finished');
  return loaded;
};
