import type { LanguageKey } from '../constants';

/** The provider's unit systems (spec 1 §9): metric gives °C and m/s, imperial °F and mph. */
export const WEATHER_UNITS = ['metric', 'imperial'] as const;
export type WeatherUnits = (typeof WEATHER_UNITS)[number];

/** Each language's unit system (spec 1 §3.1, Language.unit_system): weather units follow the language. */
export const LANGUAGE_UNIT_SYSTEM: Record<LanguageKey, WeatherUnits> = { fr: 'metric', en: 'imperial' };

export const weatherUnitsOf = (language: LanguageKey): WeatherUnits => LANGUAGE_UNIT_SYSTEM[language];

/** The unit each measure is rounded and shown in (spec 1 §9 names: `°C`, `mps` shown m/s …). */
export const WEATHER_MEASURE_UNITS: Record<WeatherUnits, { temperature: string; speed: string; humidity: string }> = {
  metric: { temperature: '°C', speed: 'mps', humidity: '%' },
  imperial: { temperature: '°F', speed: 'mph', humidity: '%' },
};
