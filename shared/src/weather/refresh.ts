import { WEATHER_FORECAST_MAX_AGE_MS, WEATHER_REFRESH_MIN_MS } from '../constants';

/** When the provider was last asked for a place (ISO times; null before the first call). */
export interface WeatherCalls {
  current_call: string | null;
  forecast_call: string | null;
}

const ageOf = (call: string | null, now: Date): number => (call ? now.getTime() - Date.parse(call) : Number.POSITIVE_INFINITY);

/**
 * What to ask the provider for now (spec 1 §9): nothing while the current weather is less than
 * 5 minutes old — a refresh then answers what is cached —; otherwise the current weather, and the
 * forecast too once it is 3 hours old.
 */
export const weatherRefreshPlan = (calls: WeatherCalls, now: Date): { current: boolean; forecast: boolean } => {
  const current = ageOf(calls.current_call, now) >= WEATHER_REFRESH_MIN_MS;
  return { current, forecast: current && ageOf(calls.forecast_call, now) >= WEATHER_FORECAST_MAX_AGE_MS };
};

/** The earliest time a refresh asks the provider again. */
export const nextWeatherRefreshAt = (lastCall: string): string => new Date(Date.parse(lastCall) + WEATHER_REFRESH_MIN_MS).toISOString();

export const canRefreshWeather = (lastCall: string, now: Date): boolean => now.getTime() >= Date.parse(lastCall) + WEATHER_REFRESH_MIN_MS;
