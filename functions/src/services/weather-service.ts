import { WEATHER_CITY_SEARCH, type LanguageKey } from '@shared/constants';
import { locationLabel } from '@shared/permissions/location-visibility';
import type { Location } from '@shared/schemas/location';
import type { CurrentWeather, ForecastDay, WeatherCity, WeatherQuery, WeatherReport } from '@shared/schemas/weather';
import { placeText, roundPlace, type Place } from '@shared/weather/place';
import { nextWeatherRefreshAt, weatherRefreshPlan } from '@shared/weather/refresh';
import { weatherUnitsOf, type WeatherUnits } from '@shared/weather/units';
import { fetchCurrentWeather, fetchForecast, findCities } from '../clients/openweathermap';
import {
  claimWeatherRefresh,
  getCachedWeather,
  releaseWeatherClaim,
  storeWeather,
  type CachedWeather,
  type WeatherCacheKey,
} from '../data/weather-repository';
import { AppError } from '../errors';
import { logger } from '../logger';
import { listLocationTree } from './location-service';
import { type Caller } from './caller';
import { summarizeForecast } from './weather-forecast';

type Origin = Pick<WeatherReport, 'source' | 'site'> & { position: Place };

/** A node of the locations tree as the caller sees it (every location carries its coordinates, typed or not). */
interface SiteNode extends Pick<Location, '_id' | 'name'> {
  denomination?: string | null;
  coordinates?: Location['coordinates'];
  hidden?: boolean;
  children: SiteNode[];
}

/** The first site of the tree the caller sees (depth first, in their order) that has coordinates; hidden sites never. */
const firstLocated = (nodes: readonly SiteNode[]): SiteNode | null => {
  for (const node of nodes) {
    if (node.hidden) continue;
    if (node.coordinates) return node;
    const below = firstLocated(node.children);
    if (below) return below;
  }
  return null;
};

const originOf = async (caller: Caller, query: WeatherQuery): Promise<Origin | null> => {
  if (query.lat !== undefined && query.lon !== undefined) return { source: 'position', site: null, position: { lat: query.lat, lon: query.lon } };
  if (!caller.customerId) return null;
  const site = firstLocated(await listLocationTree(caller));
  if (!site?.coordinates) return null;
  const { lat, lng } = site.coordinates.location;
  return { source: 'site', site: { _id: site._id, name: locationLabel(site) }, position: { lat, lon: lng } };
};

type KnownWeather = CachedWeather & { current: CurrentWeather; current_call: string; forecast: ForecastDay[]; forecast_call: string };

const isComplete = (cached: CachedWeather | null): cached is KnownWeather =>
  Boolean(cached?.current && cached.current_call && cached.forecast && cached.forecast_call);

/** Another request holds the claim on a place with nothing cached yet: its answer is waited for (a few seconds at most). */
const awaitOtherRefresh = async (key: WeatherCacheKey): Promise<KnownWeather> => {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const cached = await getCachedWeather(key);
    if (isComplete(cached)) return cached;
  }
  throw new AppError('weather_unavailable', { details: { place: key.place, reason: 'another refresh did not complete' } });
};

/**
 * The weather of a place, from the cache unless it is due (spec 1 §9): the provider is asked at
 * most once every 5 minutes per place, units and language, whoever asks; the forecast with it
 * once it is 3 hours old. A failed call answers the last weather known, or `weather_unavailable`.
 */
const weatherOfPlace = async (place: Place, units: WeatherUnits, lang: LanguageKey, now: Date): Promise<KnownWeather> => {
  const key: WeatherCacheKey = { place: placeText(place), units, lang };
  const cached = await getCachedWeather(key);
  const known = isComplete(cached) ? cached : null;
  const plan = weatherRefreshPlan({ current_call: cached?.current_call ?? null, forecast_call: cached?.forecast_call ?? null }, now);
  if (known && !plan.current) return known;
  if (!(await claimWeatherRefresh(key, now))) return known ?? awaitOtherRefresh(key);
  try {
    const [current, forecast] = await Promise.all([
      fetchCurrentWeather(place, units, lang),
      known && !plan.forecast ? null : fetchForecast(place, units, lang),
    ]);
    const asked = now.toISOString();
    const fresh = { name: current.name, country: current.country, current: current.current, current_call: asked };
    const days = forecast ? { forecast: summarizeForecast(forecast.steps, forecast.utcOffsetSeconds), forecast_call: asked } : null;
    await storeWeather(key, { ...fresh, ...days }, now);
    return { ...fresh, ...(days ?? { forecast: known!.forecast, forecast_call: known!.forecast_call }) };
  } catch (error) {
    if (known) {
      logger.warn('weather provider failed: the cached weather answers', { place: key.place, error: (error as Error).message });
      return known;
    }
    await releaseWeatherClaim(key, now);
    throw error;
  }
};

/**
 * `GET /api/v1/weather`: the current weather and the 5-day forecast at the browser's position,
 * or else at the customer's first located site; null when there is neither. Units follow the
 * language unless asked for.
 */
export const getWeather = async (caller: Caller, query: WeatherQuery, language: LanguageKey, now = new Date()): Promise<WeatherReport | null> => {
  const origin = await originOf(caller, query);
  if (!origin) return null;
  const lang = query.lang ?? language;
  const units = query.units ?? weatherUnitsOf(lang);
  const place = roundPlace(origin.position);
  const weather = await weatherOfPlace(place, units, lang, now);
  return {
    place: { name: weather.name, country: weather.country, lat: place.lat, lon: place.lon },
    source: origin.source,
    site: origin.site,
    units,
    lang,
    current: weather.current,
    forecast: weather.forecast,
    last_call: weather.current_call,
    forecast_call: weather.forecast_call,
    next_refresh_at: nextWeatherRefreshAt(weather.current_call),
  };
};

/** `GET /api/v1/weather/cities?q=`: the provider's cities like the text, from 3 characters (30 at most). */
export const searchWeatherCities = async (text: string): Promise<WeatherCity[]> =>
  text.length < WEATHER_CITY_SEARCH.minLength ? [] : findCities(text);
