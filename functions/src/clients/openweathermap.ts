import * as z from 'zod';
import type { LanguageKey } from '@shared/constants';
import { WEATHER_CITY_SEARCH } from '@shared/constants';
import type { CurrentWeather, WeatherCity, WeatherCondition } from '@shared/schemas/weather';
import type { Place } from '@shared/weather/place';
import type { WeatherUnits } from '@shared/weather/units';
import { requireSetting } from '../config';
import { AppError } from '../errors';
import { forgetSecretValue, secretValue } from './secrets';

/**
 * OpenWeatherMap's documented API 2.5 (current weather, 5 day / 3 hour forecast, city search),
 * reached at the configured base URL with the key kept in Secrets Manager. The provider's shapes
 * are read here and nowhere else; the rest of the code sees ours.
 */

const PROVIDER_TIMEOUT_MS = 8_000;

const conditionSchema = z.object({ id: z.number().int(), description: z.string(), icon: z.string() });
const windSchema = z.object({ speed: z.number(), deg: z.number().optional() });

const currentAnswerSchema = z.object({
  weather: z.array(conditionSchema).min(1),
  main: z.object({ temp: z.number(), feels_like: z.number(), humidity: z.number(), pressure: z.number() }),
  wind: windSchema.optional(),
  dt: z.number(),
  sys: z.object({ country: z.string().optional() }).optional(),
  name: z.string(),
});

const forecastAnswerSchema = z.object({
  list: z.array(
    z.object({
      dt: z.number(),
      main: z.object({ temp: z.number(), temp_min: z.number(), temp_max: z.number() }),
      weather: z.array(conditionSchema).min(1),
      wind: windSchema.optional(),
    }),
  ),
  city: z.object({ timezone: z.number() }),
});

const findAnswerSchema = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      coord: z.object({ lat: z.number(), lon: z.number() }),
      sys: z.object({ country: z.string().optional() }).optional(),
    }),
  ),
});

/** One 3-hour step of the forecast, in our terms. */
export interface ForecastStep {
  /** Unix seconds. */
  time: number;
  temperature_min: number;
  temperature_max: number;
  wind_speed: number;
  wind_deg: number | null;
  condition: WeatherCondition;
}

const conditionOf = ([first]: z.infer<typeof conditionSchema>[]): WeatherCondition => ({
  code: first.id,
  description: first.description,
  night: first.icon.endsWith('n'),
});

const keySecret = () => requireSetting('WEATHER_KEY_SECRET_ARN');

/** Asks the provider; any failure is `weather_unavailable` (the key never reaches a log: the URL is not logged). */
const ask = async <T>(path: string, parameters: Record<string, string>, schema: z.ZodType<T>): Promise<T> => {
  const url = new URL(`${requireSetting('WEATHER_PROVIDER_URL').replace(/\/+$/, '')}${path}`);
  for (const [name, value] of Object.entries({ ...parameters, appid: await secretValue(keySecret()) })) url.searchParams.set(name, value);
  let answer: Response;
  try {
    answer = await fetch(url, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS), headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new AppError('weather_unavailable', { cause: error, details: { path, reason: 'no answer' } });
  }
  // A refused key may have been replaced in the secret since this container read it.
  if (answer.status === 401) forgetSecretValue(keySecret());
  const body: unknown = await answer.json().catch(() => null);
  if (!answer.ok) {
    const message = typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : null;
    throw new AppError('weather_unavailable', { details: { path, status: answer.status, message } });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AppError('weather_unavailable', { details: { path, issues: parsed.error.issues.slice(0, 3) } });
  return parsed.data;
};

const placeParameters = (place: Place, units: WeatherUnits, lang: LanguageKey) => ({
  lat: String(place.lat),
  lon: String(place.lon),
  units,
  lang,
});

/** `GET /data/2.5/weather`: the weather now, and the name the provider gives the place. */
export const fetchCurrentWeather = async (
  place: Place,
  units: WeatherUnits,
  lang: LanguageKey,
): Promise<{ name: string; country: string | null; current: CurrentWeather }> => {
  const answer = await ask('/data/2.5/weather', placeParameters(place, units, lang), currentAnswerSchema);
  return {
    name: answer.name,
    country: answer.sys?.country ?? null,
    current: {
      time: new Date(answer.dt * 1000).toISOString(),
      temperature: answer.main.temp,
      feels_like: answer.main.feels_like,
      humidity: answer.main.humidity,
      pressure: answer.main.pressure,
      wind_speed: answer.wind?.speed ?? 0,
      wind_deg: answer.wind?.deg ?? null,
      condition: conditionOf(answer.weather),
    },
  };
};

/** `GET /data/2.5/forecast`: five days in 3-hour steps, and the place's offset from UTC in seconds. */
export const fetchForecast = async (
  place: Place,
  units: WeatherUnits,
  lang: LanguageKey,
): Promise<{ steps: ForecastStep[]; utcOffsetSeconds: number }> => {
  const answer = await ask('/data/2.5/forecast', placeParameters(place, units, lang), forecastAnswerSchema);
  return {
    utcOffsetSeconds: answer.city.timezone,
    steps: answer.list.map((step) => ({
      time: step.dt,
      temperature_min: step.main.temp_min,
      temperature_max: step.main.temp_max,
      wind_speed: step.wind?.speed ?? 0,
      wind_deg: step.wind?.deg ?? null,
      condition: conditionOf(step.weather),
    })),
  };
};

/** `GET /data/2.5/find?type=like`: the cities whose name is like the text, 30 at most. */
export const findCities = async (text: string): Promise<WeatherCity[]> => {
  const answer = await ask('/data/2.5/find', { q: text, type: 'like', cnt: String(WEATHER_CITY_SEARCH.maxResults) }, findAnswerSchema);
  return answer.list.map((city) => ({ id: city.id, name: city.name, country: city.sys?.country ?? '', lat: city.coord.lat, lon: city.coord.lon }));
};
