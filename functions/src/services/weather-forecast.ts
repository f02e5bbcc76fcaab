import { WEATHER_FORECAST_DAYS } from '@shared/constants';
import type { ForecastDay } from '@shared/schemas/weather';
import type { ForecastStep } from '../clients/openweathermap';

const NOON_SECONDS = 12 * 3600;
const DAY_SECONDS = 24 * 3600;

/** The step's day and second of the day at the place. */
const localClock = (step: ForecastStep, utcOffsetSeconds: number) => {
  const local = step.time + utcOffsetSeconds;
  return { date: new Date(local * 1000).toISOString().slice(0, 10), second: ((local % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS };
};

/**
 * The provider's 3-hour steps summarised per local day at the place, first day first: the lowest
 * and highest temperatures of its steps, the condition of the step nearest noon (the earlier one
 * on a tie), the strongest wind. The offset is the place's at the time of the forecast: a change
 * of summer time within the five days moves that day's steps by an hour.
 */
export const summarizeForecast = (steps: readonly ForecastStep[], utcOffsetSeconds: number, days = WEATHER_FORECAST_DAYS): ForecastDay[] => {
  const byDate = new Map<string, { step: ForecastStep; second: number }[]>();
  for (const step of [...steps].sort((a, b) => a.time - b.time)) {
    const { date, second } = localClock(step, utcOffsetSeconds);
    const day = byDate.get(date) ?? [];
    day.push({ step, second });
    byDate.set(date, day);
  }
  return [...byDate.entries()].slice(0, days).map(([date, day]) => {
    const nearestNoon = day.reduce((best, candidate) =>
      Math.abs(candidate.second - NOON_SECONDS) < Math.abs(best.second - NOON_SECONDS) ? candidate : best,
    );
    const windiest = day.reduce((best, candidate) => (candidate.step.wind_speed > best.step.wind_speed ? candidate : best));
    return {
      date,
      temperature_min: Math.min(...day.map(({ step }) => step.temperature_min)),
      temperature_max: Math.max(...day.map(({ step }) => step.temperature_max)),
      condition: nearestNoon.step.condition,
      wind_speed: windiest.step.wind_speed,
      wind_deg: windiest.step.wind_deg,
    };
  });
};
