import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEATHER_FORECAST_DAYS, WEATHER_REFRESH_MIN_MS } from '@shared/constants';
import type { WeatherCity, WeatherReport } from '@shared/schemas/weather';
import { placeText, roundPlace } from '@shared/weather/place';
import { keys } from '../../functions/src/data/keys';
import { api, login } from '../support/api';
import { entities } from '../support/aws';
import { hasFakeWeatherProvider, placeOfItsOwn, providerCalls, setProviderOutage, weatherProviderKey } from '../support/weather-provider';

let admin: string;
let member: string;
let otherCustomer: string;

beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
  member = (await login('premiumMember')).user.jwt;
  otherCustomer = (await login('basicAdministrator')).user.jwt;
});

/** Asks for the weather (query fields left undefined are not sent). */
const weatherAt = (token: string, query: object = {}, language = 'fr') =>
  api<WeatherReport | null>('GET', `/api/v1/weather?${new URLSearchParams(Object.entries(query).filter(([, value]) => value !== undefined).map(([name, value]) => [name, String(value)]))}`, {
    token,
    headers: { Language: language },
  });

/** Moves a cached place's provider calls back in time, as if minutes had passed. */
const ageCache = async (place: { lat: number; lon: number }, units: string, lang: string, ages: { currentMs: number; forecastMs?: number }) => {
  const now = Date.now();
  await entities.set(keys.weather(placeText(place), units, lang), {
    current_call: new Date(now - ages.currentMs).toISOString(),
    claimed_at: now - ages.currentMs,
    ...(ages.forecastMs === undefined ? {} : { forecast_call: new Date(now - ages.forecastMs).toISOString() }),
  });
};

describe('weather', () => {
  it('refuses anonymous callers with 401, on the weather and on the city search', async () => {
    expect((await api('GET', '/api/v1/weather?lat=45.75&lon=4.83')).status).toBe(401);
    expect((await api('GET', '/api/v1/weather/cities?q=Lyon')).status).toBe(401);
  });

  it('refuses a half position or one off the globe, and unknown units, with 400', async () => {
    for (const query of [{ lat: 45.75 }, { lon: 4.83 }, { lat: 91, lon: 4 }, { lat: 45, lon: 181 }, { lat: 'nord', lon: 4 }, { lat: 45, lon: 4, units: 'kelvin' }]) {
      const answer = await weatherAt(admin, query);
      expect([answer.status, answer.body.msg], JSON.stringify(query)).toEqual([400, 'validation_failed']);
    }
  });

  it("answers the weather now and five days of forecast at the customer's first located site when no position is given", async () => {
    const answer = await weatherAt(admin);
    expect(answer.status).toBe(200);
    const report = answer.body.data!;
    expect(report).toMatchObject({ source: 'site', site: { _id: 'loc-lyon', name: 'Siège social — Lyon' }, units: 'metric', lang: 'fr' });
    expect(report.place).toMatchObject({ lat: 45.75, lon: 4.83 });
    expect(report.forecast).toHaveLength(WEATHER_FORECAST_DAYS);
    // A member sees the Lyon head office in their tree (above the building they may open): the same site answers.
    const ofMember = (await weatherAt(member)).body.data!;
    expect(ofMember.site?._id).toBe('loc-lyon');
    expect(ofMember.last_call).toBe(report.last_call);
  });

  it('answers nothing (null) to a customer none of whose sites has coordinates, unless a position is given', async () => {
    const answer = await weatherAt(otherCustomer);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBeNull();
    const place = placeOfItsOwn(1);
    const located = (await weatherAt(otherCustomer, place)).body.data!;
    expect(located.source).toBe('position');
    expect(located.site).toBeNull();
  });

  it('never sends the provider key to the browser', async () => {
    const key = await weatherProviderKey();
    expect(key.length).toBeGreaterThan(10);
    const answer = await api('GET', '/api/v1/weather?lat=45.19&lon=5.72', { token: admin });
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).not.toContain(key);
  });
});

describe.skipIf(!hasFakeWeatherProvider())('weather against the local OpenWeatherMap stand-in', () => {
  afterAll(() => setProviderOutage(false));

  it('asks the provider once for a place, with the rounded position, the language and its units, and shapes its answer', async () => {
    // Grenoble, named by the provider: an earlier run's cache of it (on a long-lived stack) is dropped first.
    await entities.delete(keys.weather('45.19,5.72', 'imperial', 'en'));
    const since = new Date().toISOString();
    const answer = await weatherAt(admin, { lat: 45.18851, lon: 5.72453 }, 'en');
    expect(answer.status).toBe(200);
    const report = answer.body.data!;
    expect(report.place).toEqual({ name: 'Grenoble', country: 'FR', lat: 45.19, lon: 5.72 });
    expect(report).toMatchObject({ source: 'position', site: null, units: 'imperial', lang: 'en' });
    expect(report.current.condition.description).toMatch(/^[a-z ]+$/);
    expect(report.forecast.map((day) => day.date)).toEqual([...report.forecast.map((day) => day.date)].sort());
    for (const day of report.forecast) expect(day.temperature_min).toBeLessThanOrEqual(day.temperature_max);
    expect(Date.parse(report.next_refresh_at) - Date.parse(report.last_call)).toBe(WEATHER_REFRESH_MIN_MS);
    expect(Date.now() - Date.parse(report.last_call)).toBeLessThan(60_000);
    const calls = await providerCalls({ lat: 45.19, lon: 5.72 });
    expect(calls.filter((call) => call.units === 'imperial' && call.at >= since).map(({ endpoint, units, lang }) => ({ endpoint, units, lang })).sort((a, b) => a.endpoint.localeCompare(b.endpoint))).toEqual([
      { endpoint: 'forecast', units: 'imperial', lang: 'en' },
      { endpoint: 'weather', units: 'imperial', lang: 'en' },
    ]);
  });

  it('gives metric and imperial answers of the same weather, each cached apart', async () => {
    const place = placeOfItsOwn(2);
    const metric = (await weatherAt(admin, { ...place, units: 'metric', lang: 'fr' })).body.data!;
    const imperial = (await weatherAt(admin, { ...place, units: 'imperial', lang: 'en' })).body.data!;
    expect(metric.units).toBe('metric');
    expect(imperial.units).toBe('imperial');
    expect(Math.abs(imperial.current.temperature - (metric.current.temperature * 9) / 5 - 32)).toBeLessThan(0.5);
    expect(Math.abs(imperial.current.wind_speed - metric.current.wind_speed * 2.236936)).toBeLessThan(0.1);
    expect(await providerCalls({ ...roundPlace(place), endpoint: 'weather' })).toHaveLength(2);
  });

  it('answers a refresh within 5 minutes from the cache, without calling the provider', async () => {
    const place = roundPlace(placeOfItsOwn(3));
    const first = (await weatherAt(member, place)).body.data!;
    expect(await providerCalls(place)).toHaveLength(2);
    // Another user a few hundred metres away, a little later: the same place, the same cached answer.
    const second = (await weatherAt(admin, { lat: place.lat + 0.003, lon: place.lon - 0.004 })).body.data!;
    expect(second.last_call).toBe(first.last_call);
    expect(second.current).toEqual(first.current);
    expect(await providerCalls(place)).toHaveLength(2);
  });

  it('asks again for the weather now once 5 minutes have passed, and for the forecast once 3 hours have', async () => {
    const place = roundPlace(placeOfItsOwn(4));
    const first = (await weatherAt(admin, place)).body.data!;
    await ageCache(place, 'metric', 'fr', { currentMs: WEATHER_REFRESH_MIN_MS + 1000 });
    const second = (await weatherAt(admin, place)).body.data!;
    expect(Date.parse(second.last_call)).toBeGreaterThanOrEqual(Date.parse(first.last_call));
    expect(Date.now() - Date.parse(second.last_call)).toBeLessThan(60_000);
    expect(second.forecast_call).toBe(first.forecast_call);
    expect((await providerCalls({ ...place, endpoint: 'weather' })).length).toBe(2);
    expect((await providerCalls({ ...place, endpoint: 'forecast' })).length).toBe(1);

    await ageCache(place, 'metric', 'fr', { currentMs: WEATHER_REFRESH_MIN_MS + 1000, forecastMs: 3 * 3600_000 + 1000 });
    const third = (await weatherAt(admin, place)).body.data!;
    expect(third.forecast_call).toBe(third.last_call);
    expect((await providerCalls({ ...place, endpoint: 'forecast' })).length).toBe(2);
  });

  it('calls the provider once when many ask for a new place at the same moment', async () => {
    const place = roundPlace(placeOfItsOwn(5));
    const answers = await Promise.all(Array.from({ length: 4 }, () => weatherAt(admin, place)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.data!.last_call)).size).toBe(1);
    expect(await providerCalls({ ...place, endpoint: 'weather' })).toHaveLength(1);
    expect(await providerCalls({ ...place, endpoint: 'forecast' })).toHaveLength(1);
  });

  it('answers the last weather known while the provider is down, weather_unavailable when none is known, and tries again once it is back', async () => {
    const known = roundPlace(placeOfItsOwn(6));
    const before = (await weatherAt(admin, known)).body.data!;
    const unknown = roundPlace(placeOfItsOwn(7));
    await setProviderOutage(true);
    try {
      await ageCache(known, 'metric', 'fr', { currentMs: WEATHER_REFRESH_MIN_MS + 1000 });
      const stale = await weatherAt(admin, known);
      expect(stale.status).toBe(200);
      expect(stale.body.data!.current).toEqual(before.current);
      expect(Date.parse(stale.body.data!.last_call)).toBeLessThan(Date.now() - WEATHER_REFRESH_MIN_MS);
      const failed = await weatherAt(admin, unknown);
      expect([failed.status, failed.body.msg]).toEqual([502, 'weather_unavailable']);
    } finally {
      await setProviderOutage(false);
    }
    const back = await weatherAt(admin, unknown);
    expect(back.status).toBe(200);
    expect(back.body.data!.place).toMatchObject(unknown);
  });

  it('searches cities like a text from 3 characters, without asking the provider for fewer', async () => {
    const since = new Date().toISOString();
    const searchesOf = async (q: string) => (await providerCalls({ endpoint: 'find', q })).filter((call) => call.at >= since);
    const found = await api<WeatherCity[]>('GET', `/api/v1/weather/cities?q=${encodeURIComponent('Mon')}`, { token: member });
    expect(found.status).toBe(200);
    const cities = found.body.data!;
    expect(cities.map((city) => city.name)).toEqual(expect.arrayContaining(['Montclair', 'Montpellier', 'Montréal']));
    expect(cities.find((city) => city.name === 'Montclair')).toEqual({ id: 5101427, name: 'Montclair', country: 'US', lat: 40.8259, lon: -74.209 });
    expect(await searchesOf('Mon')).toHaveLength(1);

    const short = await api<WeatherCity[]>('GET', '/api/v1/weather/cities?q=Ly', { token: member });
    expect([short.status, short.body.data]).toEqual([200, []]);
    expect(await searchesOf('Ly')).toHaveLength(0);
  });
});
