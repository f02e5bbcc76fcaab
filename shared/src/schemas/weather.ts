import * as z from 'zod';
import { LANGUAGES } from '../constants';
import { WEATHER_UNITS } from '../weather/units';
import { idSchema } from './common';

/** A coordinate of a query string, a decimal number of degrees within ±limit. */
const coordinate = (limit: number) =>
  z
    .string()
    .trim()
    .max(32)
    .regex(/^-?\d{1,3}(\.\d+)?$/)
    .transform(Number)
    .pipe(z.number().min(-limit).max(limit));

/**
 * `GET /api/v1/weather`: a position (both or neither of lat and lon — without one, the customer's
 * first located site), the unit system (default: the language's) and the language of the
 * descriptions (default: the Language header's).
 */
export const weatherQuerySchema = z
  .object({
    lat: coordinate(90).optional(),
    lon: coordinate(180).optional(),
    units: z.enum(WEATHER_UNITS).optional(),
    lang: z.enum(LANGUAGES).optional(),
  })
  .refine((query) => (query.lat === undefined) === (query.lon === undefined), { message: 'lat and lon go together', path: ['lon'] });
export type WeatherQuery = z.output<typeof weatherQuerySchema>;

/** A condition as the provider codes it (2xx thunderstorm, 3xx drizzle, 5xx rain, 6xx snow, 7xx atmosphere, 800 clear, 80x clouds). */
export const weatherConditionSchema = z.object({
  code: z.number().int(),
  /** In the requested language, as the provider words it. */
  description: z.string(),
  /** Whether the provider's icon is the night one. */
  night: z.boolean(),
});
export type WeatherCondition = z.infer<typeof weatherConditionSchema>;

/** Temperatures in °C or °F and wind speeds in m/s or mph, as the answer's `units` says. */
export const currentWeatherSchema = z.object({
  /** When the provider measured it. */
  time: z.string(),
  temperature: z.number(),
  feels_like: z.number(),
  humidity: z.number(),
  pressure: z.number(),
  wind_speed: z.number(),
  wind_deg: z.number().nullable(),
  condition: weatherConditionSchema,
});
export type CurrentWeather = z.infer<typeof currentWeatherSchema>;

/** One day of the forecast, summarised from the provider's 3-hour steps of that local day. */
export const forecastDaySchema = z.object({
  /** The day at the place (its own time zone), yyyy-MM-dd. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  temperature_min: z.number(),
  temperature_max: z.number(),
  /** The condition around midday (the step nearest noon). */
  condition: weatherConditionSchema,
  /** The strongest wind of the day and its direction. */
  wind_speed: z.number(),
  wind_deg: z.number().nullable(),
});
export type ForecastDay = z.infer<typeof forecastDaySchema>;

export const weatherReportSchema = z.object({
  place: z.object({ name: z.string(), country: z.string().nullable(), lat: z.number(), lon: z.number() }),
  /** Where the position came from: the browser's, or the customer's first located site (named). */
  source: z.enum(['position', 'site']),
  site: z.object({ _id: idSchema, name: z.string() }).nullable(),
  units: z.enum(WEATHER_UNITS),
  lang: z.enum(LANGUAGES),
  current: currentWeatherSchema,
  forecast: z.array(forecastDaySchema),
  /** When the provider was last asked for this place's current weather (spec 1 §3.1, weather cache `last_call`). */
  last_call: z.string(),
  forecast_call: z.string(),
  /** From then on, a refresh asks the provider again. */
  next_refresh_at: z.string(),
});
export type WeatherReport = z.infer<typeof weatherReportSchema>;

/** Null when there is no position and none of the customer's visible sites has coordinates. */
export const weatherAnswerSchema = weatherReportSchema.nullable();

/** `GET /api/v1/weather/cities?q=`: fewer than 3 characters find nothing. */
export const citySearchQuerySchema = z.object({ q: z.string().trim().max(100).default('') });

/** A city as the provider knows it; its id names it to the provider. */
export const weatherCitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type WeatherCity = z.infer<typeof weatherCitySchema>;
