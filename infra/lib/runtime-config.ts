import { API_BASE, SOCKET_PATH } from './edge';

/**
 * The maplytics map's basemap when the deployment names none: OpenFreeMap's "Liberty" vector style,
 * public and free of keys and of request limits (openfreemap.org), its tiles, glyphs and sprites all
 * from `tiles.openfreemap.org`; the map shows the attribution its sources ask for (OpenFreeMap,
 * © OpenMapTiles, data © OpenStreetMap contributors). The browser loads it, not the servers: a
 * build machine without the Internet is no obstacle, and a browser without it falls back on the
 * basemap bundled with the app (web/src/features/maplytics/hooks/basemap.ts).
 */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

/** The word that asks for the bundled basemap alone (no outside map provider at all). */
export const BUNDLED_MAP_STYLE = 'none';

/** A deployment's `mapStyleUrl` (CDK context, `MAP_STYLE_URL` locally): unset, the default provider's; `none`, the bundled basemap (null); else that URL. */
export const mapStyleUrlOf = (value: unknown): string | null => {
  const text = value === undefined || value === null ? '' : String(value).trim();
  if (!text) return DEFAULT_MAP_STYLE_URL;
  if (text === BUNDLED_MAP_STYLE) return null;
  return new URL(text).toString();
};

/**
 * What the web app reads at start (web/src/config.ts parses it): written into index.html by the
 * local web server and by the deployment on AWS, and served beside it as `/config.json` for a page
 * that does not carry it. `mapStyleUrl` is the MapLibre style of the maplytics basemap; null: the
 * basemap bundled with the app alone (no outside request). `apiBase` and `socketPath` are the edge's paths
 * of the two APIs (edge.ts), same origin as the app on AWS and locally.
 */
export const webRuntimeConfig = ({ mapStyleUrl }: { mapStyleUrl: string | null }) => ({ apiBase: API_BASE, socketPath: SOCKET_PATH, mapStyleUrl });

/** The empty element of web/index.html that the configuration is written into. */
export const RUNTIME_CONFIG_ELEMENT = '<script id="wattwise-config" type="application/json"></script>';

/**
 * index.html with the runtime configuration inside it: the app reads it without a request before
 * its first call. A page without the element is left as it is (the app then asks `/config.json`).
 */
export const withInlineRuntimeConfig = (html: string, config: ReturnType<typeof webRuntimeConfig>): string =>
  html.replace(RUNTIME_CONFIG_ELEMENT, () => RUNTIME_CONFIG_ELEMENT.replace('><', `>${JSON.stringify(config).replace(/</g, '\\u003c')}<`));
