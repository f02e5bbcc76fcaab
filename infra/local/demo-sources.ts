import type { Source } from '../../shared/src/schemas/source';

/**
 * The demo customer's data sources, made as its administrator makes them on the sources screen
 * (through the API, so every check of a real source applies): the weather of Lyon, from the
 * weather provider the deployment talks to, and the Objenious network of the local stand-in
 * (infra/local/demo-objenious.ts), whose devices' points each fetch discovers. Both are fetched at
 * once, then on their schedule. Only `npm start` makes them: the tests' deployment keeps the demo
 * customer without sources, so what the tests count stays the same.
 */
export const DEMO_SOURCES = {
  weather: { name: 'Météo Lyon', city: 'Lyon', country: 'FR', fetchInterval: 10 },
  objenious: { name: 'Capteurs LoRa Grenoble', fetchInterval: 5 },
} as const;

interface Answer<T> {
  res: boolean;
  msg?: string;
  data?: T;
}

const call = async <T>(restBaseUrl: string, method: string, path: string, token: string | null, body?: unknown): Promise<T> => {
  const answer = await fetch(`${restBaseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = (await answer.json()) as Answer<T>;
  if (!answer.ok || parsed.data === undefined) throw new Error(`${method} ${path} answered ${answer.status} ${parsed.msg ?? ''}`);
  return parsed.data;
};

/** Makes the demo sources for the customer of `token` (an administrator's session) and starts their first fetch. */
export const seedDemoSources = async (
  restBaseUrl: string,
  token: string,
  objenious: { endpoint: string; apiKey: string },
): Promise<Source[]> => {
  const { weather } = DEMO_SOURCES;
  const cities = await call<{ id: number | string; name: string; country: string; lat: number; lon: number }[]>(
    restBaseUrl, 'GET', `/api/v1/weather/cities?q=${encodeURIComponent(weather.city)}`, token,
  );
  const city = cities.find((candidate) => candidate.name === weather.city && candidate.country === weather.country);
  if (!city) throw new Error(`The weather provider knows no ${weather.city}, ${weather.country}`);
  const sources = [
    await call<Source>(restBaseUrl, 'POST', '/api/v1/sources/custom', token, {
      name: weather.name,
      type: 'weather',
      config: { custom: { city: `${city.name}, ${city.country}`, city_id: city.id, lat: city.lat, lon: city.lon, fetch_interval: weather.fetchInterval } },
    }),
    await call<Source>(restBaseUrl, 'POST', '/api/v1/sources/custom', token, {
      name: DEMO_SOURCES.objenious.name,
      type: 'objenious',
      config: {
        custom: {
          endpoint: objenious.endpoint,
          api_version: 'v2',
          api_key: objenious.apiKey,
          auto_discover_devices: true,
          fetch_interval: DEMO_SOURCES.objenious.fetchInterval,
        },
      },
    }),
  ];
  for (const source of sources) await call(restBaseUrl, 'POST', `/api/v1/sources/${source._id}/fetch`, token);
  return sources;
};

/** The session of a demo account (`POST /api/v1/users/authenticate`). */
export const signInDemoAccount = async (restBaseUrl: string, account: { email: string; password: string }): Promise<string> =>
  (await call<{ user: { jwt: string } }>(restBaseUrl, 'POST', '/api/v1/users/authenticate', null, { user: { ...account, remember: false } })).user.jwt;
