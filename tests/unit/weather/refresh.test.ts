import { describe, expect, it } from 'vitest';
import { canRefreshWeather, nextWeatherRefreshAt, weatherRefreshPlan } from '@shared/weather/refresh';

const now = new Date('2026-03-10T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe('weather refresh spacing (spec 1 §9)', () => {
  it('asks the provider for both the weather now and the forecast the first time', () => {
    expect(weatherRefreshPlan({ current_call: null, forecast_call: null }, now)).toEqual({ current: true, forecast: true });
  });

  it('asks nothing while the last call is less than 5 minutes old', () => {
    expect(weatherRefreshPlan({ current_call: minutesAgo(4.9), forecast_call: minutesAgo(200) }, now)).toEqual({ current: false, forecast: false });
    expect(weatherRefreshPlan({ current_call: minutesAgo(0), forecast_call: minutesAgo(0) }, now)).toEqual({ current: false, forecast: false });
  });

  it('asks for the weather now from 5 minutes on, and for the forecast only once it is 3 hours old', () => {
    expect(weatherRefreshPlan({ current_call: minutesAgo(5), forecast_call: minutesAgo(179) }, now)).toEqual({ current: true, forecast: false });
    expect(weatherRefreshPlan({ current_call: minutesAgo(6), forecast_call: minutesAgo(180) }, now)).toEqual({ current: true, forecast: true });
  });

  it('allows the next refresh 5 minutes after the last call, not before', () => {
    const lastCall = minutesAgo(3);
    expect(nextWeatherRefreshAt(lastCall)).toBe('2026-03-10T12:02:00.000Z');
    expect(canRefreshWeather(lastCall, now)).toBe(false);
    expect(canRefreshWeather(lastCall, new Date('2026-03-10T12:02:00Z'))).toBe(true);
  });
});
