import * as z from 'zod';

const runtimeConfigSchema = z.object({
  /** Base of the REST API, same origin as the app (`/api`). */
  apiBase: z.string().startsWith('/'),
  /** Path of the WebSocket endpoint, same origin as the app (`/ws`). */
  socketPath: z.string().startsWith('/'),
  /** The MapLibre style of the maplytics basemap; none: the countries bundled with the app (no network needed). */
  mapStyleUrl: z.string().url().nullable().default(null),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

let loaded: RuntimeConfig | null = null;

/** Reads `/config.json` once at start; a malformed file stops the app here rather than later. */
export const loadConfig = async (): Promise<RuntimeConfig> => {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  loaded = runtimeConfigSchema.parse(await response.json());
  return loaded;
};

export const config = (): RuntimeConfig => {
  if (!loaded) throw new Error('The runtime configuration is read before loadConfig() finished');
  return loaded;
};
