import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/constants';
import { WEATHER_MEASURE_UNITS, weatherUnitsOf } from '@shared/weather/units';
import { formatValue } from '@shared/widgets/value-format';

describe('weather units', () => {
  it("follow the language's unit system: French metric, English imperial", () => {
    expect(weatherUnitsOf('fr')).toBe('metric');
    expect(weatherUnitsOf('en')).toBe('imperial');
    for (const language of LANGUAGES) expect(['metric', 'imperial']).toContain(weatherUnitsOf(language));
  });

  it('show metric as °C and m/s, imperial as °F and mph, rounded to one decimal (spec 1 §9)', () => {
    const metric = WEATHER_MEASURE_UNITS.metric;
    const imperial = WEATHER_MEASURE_UNITS.imperial;
    expect(formatValue(12.345, metric.temperature, 'fr')).toBe('12,3 °C');
    expect(formatValue(3.06, metric.speed, 'fr')).toBe('3,1 m/s');
    expect(formatValue(54.25, imperial.temperature, 'en')).toBe('54.3 °F');
    expect(formatValue(6.849, imperial.speed, 'en')).toBe('6.8 mph');
    expect(formatValue(-0.04, metric.temperature, 'fr')).toBe('0 °C');
    expect(formatValue(-0.06, metric.temperature, 'fr')).toBe('-0,1 °C');
  });
});
