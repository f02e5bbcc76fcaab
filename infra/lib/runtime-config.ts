import { API_BASE, SOCKET_PATH } from './edge';

/**
 * What the web app reads at start (web/src/config.ts parses it): written into index.html by the
 * local web server and by the deployment on AWS, and served beside it as `/config.json` for a page
 * that does not carry it. `mapStyleUrl` is the MapLibre style of the maplytics basemap; without one
 * the map draws the countries bundled with the app (no network). `apiBase` and `socketPath` are the edge's paths
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
