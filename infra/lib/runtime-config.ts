/**
 * What the web app reads from `/config.json` at start (web/src/config.ts parses it): served by the
 * local web server, deployed beside the app on AWS. `mapStyleUrl` is the MapLibre style of the
 * maplytics basemap; without one the map draws the countries bundled with the app (no network).
 */
export const webRuntimeConfig = ({ mapStyleUrl }: { mapStyleUrl: string | null }) => ({ apiBase: '/api', socketPath: '/ws', mapStyleUrl });
