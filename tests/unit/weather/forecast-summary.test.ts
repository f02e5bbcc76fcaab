import { describe, expect, it } from 'vitest';
import type { ForecastStep } from '../../../functions/src/clients/openweathermap';
import { summarizeForecast } from '../../../functions/src/services/weather-forecast';

const clear = { code: 800, description: 'clear sky', night: false };
const rain = { code: 500, description: 'light rain', night: false };
const cloudsAtNight = { code: 804, description: 'overcast clouds', night: true };

const step = (iso: string, min: number, max: number, wind: number, condition = clear, deg: number | null = 90): ForecastStep => ({
  time: Date.parse(iso) / 1000,
  temperature_min: min,
  temperature_max: max,
  wind_speed: wind,
  wind_deg: deg,
  condition,
});

describe('forecast daily summary', () => {
  it('groups the 3-hour steps by day at the place and keeps the lowest and highest temperatures and the strongest wind', () => {
    const steps = [
      step('2026-03-10T09:00:00Z', 8, 9, 2, clear, 10),
      step('2026-03-10T12:00:00Z', 12, 14.5, 6.5, rain, 200),
      step('2026-03-10T21:00:00Z', 4.2, 5, 1),
      step('2026-03-11T00:00:00Z', 3, 3.5, 1, cloudsAtNight),
    ];
    expect(summarizeForecast(steps, 0)).toEqual([
      { date: '2026-03-10', temperature_min: 4.2, temperature_max: 14.5, condition: rain, wind_speed: 6.5, wind_deg: 200 },
      { date: '2026-03-11', temperature_min: 3, temperature_max: 3.5, condition: cloudsAtNight, wind_speed: 1, wind_deg: 90 },
    ]);
  });

  it("reads the day in the place's own time: 23:00 UTC is already tomorrow in Paris (UTC+1)", () => {
    const days = summarizeForecast([step('2026-03-10T21:00:00Z', 5, 6, 1), step('2026-03-10T23:00:00Z', 2, 3, 1)], 3600);
    expect(days.map((day) => day.date)).toEqual(['2026-03-10', '2026-03-11']);
    const west = summarizeForecast([step('2026-03-11T03:00:00Z', 5, 6, 1)], -5 * 3600);
    expect(west[0].date).toBe('2026-03-10');
  });

  it('takes the condition of the step nearest local noon, the earlier one on a tie', () => {
    const days = summarizeForecast(
      [
        step('2026-03-10T09:00:00Z', 1, 2, 1, cloudsAtNight),
        step('2026-03-10T10:30:00Z', 1, 2, 1, rain),
        step('2026-03-10T13:30:00Z', 1, 2, 1, clear),
      ],
      0,
    );
    expect(days[0].condition).toEqual(rain);
  });

  it('keeps five days of the forty steps the provider gives, in order even when steps come unsorted', () => {
    const start = Date.parse('2026-03-10T12:00:00Z');
    const steps = Array.from({ length: 40 }, (_, index) => step(new Date(start + index * 3 * 3600_000).toISOString(), index, index + 1, 1)).reverse();
    const days = summarizeForecast(steps, 3600);
    expect(days.map((day) => day.date)).toEqual(['2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14']);
    expect(days[1]).toMatchObject({ temperature_min: 4, temperature_max: 12 });
  });
});
