import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import { WEATHER_REFRESH_MIN_MS, type LanguageKey } from '@shared/constants';
import type { WeatherReport } from '@shared/schemas/weather';
import { placeText, type Place } from '@shared/weather/place';
import type { WeatherUnits } from '@shared/weather/units';
import { callApi } from '../../../lib/http';

export interface WeatherRequest {
  /** The browser's position, or null for the customer's first located site. */
  position: Place | null;
  language: LanguageKey;
  /** The language's unit system, from the server's list of languages. */
  units: WeatherUnits;
}

/** Units follow the language's unit system (spec 1 §9); the descriptions come in the language. */
export const getWeather = ({ position, language, units }: WeatherRequest): Promise<WeatherReport | null> =>
  callApi(API.getWeather, {
    query: {
      ...(position ? { lat: String(position.lat), lon: String(position.lon) } : {}),
      units,
      lang: language,
    },
  });

/** Asked again every 5 minutes at most: the server answers from its cache within that time anyway. */
export const weatherQueryOptions = (request: WeatherRequest) =>
  queryOptions({
    queryKey: ['weather', request.position ? placeText(request.position) : 'first-located-site', request.language, request.units],
    queryFn: () => getWeather(request),
    staleTime: WEATHER_REFRESH_MIN_MS,
    refetchInterval: WEATHER_REFRESH_MIN_MS,
  });

export const useWeather = (request: WeatherRequest, enabled: boolean) => useQuery({ ...weatherQueryOptions(request), enabled });
