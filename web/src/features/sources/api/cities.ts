import { API } from '@shared/api/routes';
import type { WeatherCity } from '@shared/schemas/weather';
import { callApi } from '../../../lib/http';

export type City = WeatherCity;

/** The weather city search (`GET /api/v1/weather/cities?q=`), the one place the sources screens ask for cities. */
export const searchCities = (text: string): Promise<City[]> => callApi(API.searchWeatherCities, { query: { q: text } });
