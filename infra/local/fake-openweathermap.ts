import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for OpenWeatherMap, which cannot be reached from here: it speaks the three
 * calls the product makes, with the documented JSON shapes of API 2.5 —
 * `GET /data/2.5/weather` (current weather), `GET /data/2.5/forecast` (5 day / 3 hour) and
 * `GET /data/2.5/find?type=like` (city search) — and refuses any `appid` but the one it is told
 * to accept (401, as the provider does). Its weather is made up but steady: the same place at the
 * same moment always gets the same answer, in the asked units and language.
 *
 * For the tests it also answers `GET /_fake/calls` (the accepted calls, filtered by `endpoint`,
 * `lat`, `lon`, `q`) and `PUT /_fake/outage?on=true|false` (every data call answers 503 while on).
 */

export interface FakeProviderCall {
  endpoint: 'weather' | 'forecast' | 'find';
  lat: number | null;
  lon: number | null;
  units: string;
  lang: string;
  q: string | null;
  at: string;
}

export interface FakeOpenWeatherMap {
  url: string;
  /** The only `appid` accepted from now on (the key the deployment generated). */
  acceptKey: (key: string) => void;
  close: () => Promise<void>;
}

interface City {
  id: number;
  name: string;
  country: string;
  lat: number;
  lon: number;
  /** Offset from UTC in seconds, as the provider's `timezone`. */
  timezone: number;
}

const CITIES: City[] = [
  { id: 2988507, name: 'Paris', country: 'FR', lat: 48.8534, lon: 2.3488, timezone: 3600 },
  { id: 2992090, name: 'Montreuil', country: 'FR', lat: 48.8638, lon: 2.4485, timezone: 3600 },
  { id: 2996944, name: 'Lyon', country: 'FR', lat: 45.7485, lon: 4.8467, timezone: 3600 },
  { id: 3014728, name: 'Grenoble', country: 'FR', lat: 45.1667, lon: 5.7167, timezone: 3600 },
  { id: 2995469, name: 'Marseille', country: 'FR', lat: 43.2965, lon: 5.3698, timezone: 3600 },
  { id: 2992166, name: 'Montpellier', country: 'FR', lat: 43.6109, lon: 3.8772, timezone: 3600 },
  { id: 2998324, name: 'Lille', country: 'FR', lat: 50.633, lon: 3.0586, timezone: 3600 },
  { id: 3031582, name: 'Bordeaux', country: 'FR', lat: 44.8404, lon: -0.5805, timezone: 3600 },
  { id: 2972315, name: 'Toulouse', country: 'FR', lat: 43.6043, lon: 1.4437, timezone: 3600 },
  { id: 2990969, name: 'Nantes', country: 'FR', lat: 47.2172, lon: -1.5534, timezone: 3600 },
  { id: 2973783, name: 'Strasbourg', country: 'FR', lat: 48.5839, lon: 7.7455, timezone: 3600 },
  { id: 2643743, name: 'London', country: 'GB', lat: 51.5085, lon: -0.1257, timezone: 0 },
  { id: 5101427, name: 'Montclair', country: 'US', lat: 40.8259, lon: -74.209, timezone: -18000 },
  { id: 6077243, name: 'Montréal', country: 'CA', lat: 45.5088, lon: -73.5878, timezone: -18000 },
  { id: 4274277, name: 'Lyons', country: 'US', lat: 38.3453, lon: -98.2017, timezone: -21600 },
];

/** Condition codes the fake cycles through, with the provider's wording. */
const CONDITIONS: { id: number; main: string; icon: string; en: string; fr: string }[] = [
  { id: 800, main: 'Clear', icon: '01', en: 'clear sky', fr: 'ciel dégagé' },
  { id: 801, main: 'Clouds', icon: '02', en: 'few clouds', fr: 'peu nuageux' },
  { id: 802, main: 'Clouds', icon: '03', en: 'scattered clouds', fr: 'partiellement nuageux' },
  { id: 804, main: 'Clouds', icon: '04', en: 'overcast clouds', fr: 'couvert' },
  { id: 500, main: 'Rain', icon: '10', en: 'light rain', fr: 'légère pluie' },
  { id: 501, main: 'Rain', icon: '10', en: 'moderate rain', fr: 'pluie modérée' },
  { id: 300, main: 'Drizzle', icon: '09', en: 'light intensity drizzle', fr: 'bruine légère' },
  { id: 211, main: 'Thunderstorm', icon: '11', en: 'thunderstorm', fr: 'orage' },
  { id: 600, main: 'Snow', icon: '13', en: 'light snow', fr: 'légères chutes de neige' },
  { id: 741, main: 'Fog', icon: '50', en: 'fog', fr: 'brouillard' },
];

const INVALID_KEY = { cod: 401, message: 'Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.' };

const distanceKm = (a: { lat: number; lon: number }, b: { lat: number; lon: number }): number => {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
};

/** The city the provider would name a position after: the nearest one within 30 km, else none (as at sea). */
const cityNear = (lat: number, lon: number): City | null => {
  const nearest = [...CITIES].sort((a, b) => distanceKm({ lat, lon }, a) - distanceKm({ lat, lon }, b))[0];
  return distanceKm({ lat, lon }, nearest) <= 30 ? nearest : null;
};

const hash = (text: string): number => [...text].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);

/** Made-up but steady weather in °C and m/s at a place and instant (unix seconds). */
const weatherAt = (lat: number, lon: number, time: number, utcOffset: number) => {
  const localHour = (((time + utcOffset) / 3600) % 24 + 24) % 24;
  const daily = Math.sin(((localHour - 9) / 24) * 2 * Math.PI);
  const day = Math.floor(time / 86400);
  const temperature = 24 - 0.35 * Math.abs(lat) + 6 * daily + ((hash(`${lat},${lon},${day}`) % 50) - 25) / 10;
  const condition = CONDITIONS[hash(`${lat.toFixed(2)},${lon.toFixed(2)},${Math.floor(time / 10800)}`) % CONDITIONS.length];
  const wind = 1 + (hash(`${lon},${lat},${Math.floor(time / 3600)}`) % 90) / 10;
  return {
    temperature,
    feelsLike: temperature - wind / 3,
    humidity: 40 + (hash(`${lat}${lon}${Math.floor(time / 3600)}`) % 55),
    pressure: 1000 + (hash(`${day}${lat}`) % 30),
    wind,
    windDeg: hash(`${day}${lon}`) % 360,
    condition,
    night: localHour < 6 || localHour >= 20,
  };
};

const converters: Record<string, { temperature: (celsius: number) => number; speed: (metresPerSecond: number) => number }> = {
  standard: { temperature: (c) => c + 273.15, speed: (s) => s },
  metric: { temperature: (c) => c, speed: (s) => s },
  imperial: { temperature: (c) => (c * 9) / 5 + 32, speed: (s) => s * 2.236936 },
};

const round2 = (value: number) => Math.round(value * 100) / 100;

const conditionOf = (weather: ReturnType<typeof weatherAt>, lang: string) => ({
  id: weather.condition.id,
  main: weather.condition.main,
  description: lang === 'fr' ? weather.condition.fr : weather.condition.en,
  icon: `${weather.condition.icon}${weather.night ? 'n' : 'd'}`,
});

const placeOf = (lat: number, lon: number) => {
  const city = cityNear(lat, lon);
  return { city, timezone: city?.timezone ?? Math.round(lon / 15) * 3600 };
};

const currentAnswer = (lat: number, lon: number, units: string, lang: string, now: number) => {
  const { city, timezone } = placeOf(lat, lon);
  const weather = weatherAt(lat, lon, now, timezone);
  const convert = converters[units];
  return {
    coord: { lon, lat },
    weather: [conditionOf(weather, lang)],
    base: 'stations',
    main: {
      temp: round2(convert.temperature(weather.temperature)),
      feels_like: round2(convert.temperature(weather.feelsLike)),
      temp_min: round2(convert.temperature(weather.temperature - 1.2)),
      temp_max: round2(convert.temperature(weather.temperature + 1.4)),
      pressure: weather.pressure,
      humidity: weather.humidity,
      sea_level: weather.pressure,
      grnd_level: weather.pressure - 8,
    },
    visibility: 10000,
    wind: { speed: round2(convert.speed(weather.wind)), deg: weather.windDeg, gust: round2(convert.speed(weather.wind * 1.6)) },
    clouds: { all: hash(`${lat}${lon}`) % 100 },
    dt: now,
    sys: { type: 2, id: 2000000 + (hash(`${lat}`) % 99999), country: city?.country, sunrise: now - 6 * 3600, sunset: now + 6 * 3600 },
    timezone,
    id: city?.id ?? 0,
    name: city?.name ?? '',
    cod: 200,
  };
};

const forecastAnswer = (lat: number, lon: number, units: string, lang: string, now: number, count: number) => {
  const { city, timezone } = placeOf(lat, lon);
  const convert = converters[units];
  const first = Math.ceil(now / 10800) * 10800;
  const list = Array.from({ length: count }, (_, index) => {
    const time = first + index * 10800;
    const weather = weatherAt(lat, lon, time, timezone);
    return {
      dt: time,
      main: {
        temp: round2(convert.temperature(weather.temperature)),
        feels_like: round2(convert.temperature(weather.feelsLike)),
        temp_min: round2(convert.temperature(weather.temperature - 0.6)),
        temp_max: round2(convert.temperature(weather.temperature + 0.6)),
        pressure: weather.pressure,
        sea_level: weather.pressure,
        grnd_level: weather.pressure - 8,
        humidity: weather.humidity,
        temp_kf: 0,
      },
      weather: [conditionOf(weather, lang)],
      clouds: { all: hash(`${time}`) % 100 },
      wind: { speed: round2(convert.speed(weather.wind)), deg: weather.windDeg, gust: round2(convert.speed(weather.wind * 1.6)) },
      visibility: 10000,
      pop: (hash(`${time}${lat}`) % 100) / 100,
      sys: { pod: weather.night ? 'n' : 'd' },
      dt_txt: new Date(time * 1000).toISOString().slice(0, 19).replace('T', ' '),
    };
  });
  return {
    cod: '200',
    message: 0,
    cnt: list.length,
    list,
    city: {
      id: city?.id ?? 0,
      name: city?.name ?? '',
      coord: { lat, lon },
      country: city?.country ?? '',
      population: 0,
      timezone,
      sunrise: now - 6 * 3600,
      sunset: now + 6 * 3600,
    },
  };
};

const normalized = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

const findAnswer = (q: string, units: string, count: number, now: number) => {
  const [name, country] = q.split(',').map((part) => normalized(part.trim()));
  const list = CITIES.filter((city) => normalized(city.name).includes(name) && (!country || normalized(city.country) === country))
    .slice(0, count)
    .map((city) => {
      const current = currentAnswer(city.lat, city.lon, units, 'en', now);
      return {
        id: city.id,
        name: city.name,
        coord: { lat: city.lat, lon: city.lon },
        main: current.main,
        dt: now,
        wind: current.wind,
        sys: { country: city.country },
        rain: null,
        snow: null,
        clouds: current.clouds,
        weather: current.weather,
      };
    });
  return { message: 'like', cod: '200', count: list.length, list };
};

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
};

const numberOf = (value: string | null): number | null => (value === null || value.trim() === '' || Number.isNaN(Number(value)) ? null : Number(value));

export const startFakeOpenWeatherMap = async (port = 0): Promise<FakeOpenWeatherMap> => {
  let acceptedKey: string | null = null;
  let outage = false;
  const calls: FakeProviderCall[] = [];

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake.invalid');
    const query = url.searchParams;
    if (url.pathname === '/_fake/calls' && request.method === 'GET') {
      const matches = (call: FakeProviderCall) =>
        (!query.has('endpoint') || call.endpoint === query.get('endpoint')) &&
        (!query.has('lat') || call.lat === numberOf(query.get('lat'))) &&
        (!query.has('lon') || call.lon === numberOf(query.get('lon'))) &&
        (!query.has('q') || call.q === query.get('q'));
      return send(response, 200, { calls: calls.filter(matches) });
    }
    if (url.pathname === '/_fake/outage' && request.method === 'PUT') {
      outage = query.get('on') === 'true';
      return send(response, 200, { outage });
    }
    const endpoint = ({ '/data/2.5/weather': 'weather', '/data/2.5/forecast': 'forecast', '/data/2.5/find': 'find' } as const)[url.pathname];
    if (!endpoint || request.method !== 'GET') return send(response, 404, { cod: '404', message: 'Internal error' });
    if (!acceptedKey || query.get('appid') !== acceptedKey) return send(response, 401, INVALID_KEY);
    const units = query.get('units') ?? 'standard';
    if (!(units in converters)) return send(response, 400, { cod: '400', message: `${units} is not a valid units value` });
    const lang = query.get('lang') ?? 'en';
    const lat = numberOf(query.get('lat'));
    const lon = numberOf(query.get('lon'));
    calls.push({ endpoint, lat, lon, units, lang, q: query.get('q'), at: new Date().toISOString() });
    if (outage) return send(response, 503, { cod: 503, message: 'Service temporarily unavailable' });
    const now = Math.floor(Date.now() / 1000);
    if (endpoint === 'find') {
      const q = query.get('q') ?? '';
      if (q.trim().length < 3) return send(response, 400, { cod: '400', message: 'bad query' });
      return send(response, 200, findAnswer(q, units, Math.min(Number(query.get('cnt') ?? 10), 50), now));
    }
    if (lat === null || lon === null) return send(response, 400, { cod: '400', message: 'Nothing to geocode' });
    if (Math.abs(lat) > 90) return send(response, 400, { cod: '400', message: 'wrong latitude' });
    if (Math.abs(lon) > 180) return send(response, 400, { cod: '400', message: 'wrong longitude' });
    if (endpoint === 'weather') return send(response, 200, currentAnswer(lat, lon, units, lang, now));
    return send(response, 200, forecastAnswer(lat, lon, units, lang, now, Math.min(Number(query.get('cnt') ?? 40), 40)));
  };

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    acceptKey: (key) => {
      acceptedKey = key;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The functions' keep-alive connections would hold the server open.
        server.closeAllConnections();
      }),
  };
};
