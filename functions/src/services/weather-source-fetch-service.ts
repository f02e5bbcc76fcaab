import type { Location } from '@shared/schemas/location';
import { isCalculatedPoint } from '@shared/schemas/point';
import { weatherTechnicalId } from '@shared/sources/source-rules';
import { fetchCurrentWeather } from '../clients/openweathermap';
import { listLocationsOfCustomer } from '../data/location-repository';
import type { StoredSource } from '../data/source-repository';
import { AppError } from '../errors';
import { pointsForFetch } from './fetched-points';
import { zoneOfPoint } from './series-service';
import { storeFetchedValues, type FetchOutcome } from './source-values';

/** The weather provider's failure, in its own words when it gave some. */
export class WeatherError extends Error {
  constructor(
    readonly code: 'weather_unavailable',
    readonly detail: string | null,
    options?: { cause?: unknown },
  ) {
    super(code, options);
    this.name = 'WeatherError';
  }
}

const providerDetail = (error: AppError): string | null => {
  const details = error.details as { status?: number; message?: string | null } | undefined;
  return [details?.status, details?.message].filter((part) => part !== undefined && part !== null).join(' ') || null;
};

/**
 * The weather source's fetch: the city's temperature now (°C), stored on its temperature point
 * at the provider's measurement time. The provider measures every few minutes: fetched again
 * before its next measurement, the same value at the same time writes nothing.
 */
export const fetchWeather = async (
  source: StoredSource,
  _now?: number,
  reads: { locations: (customerId: string) => Promise<Location[]> } = { locations: listLocationsOfCustomer },
): Promise<FetchOutcome> => {
  const { city_id: cityId, lat, lon } = source.config;
  if (cityId === null || lat === null || lon === null) throw new AppError('source_incomplete');
  const [points, locations] = await Promise.all([pointsForFetch(source.customer), reads.locations(source.customer)]);
  // The city's temperature point, whichever weather source of the customer created it: two sources of one city feed the same point.
  const point = points.find((candidate) => candidate.technical_id === weatherTechnicalId(cityId) && candidate.active && !isCalculatedPoint(candidate));
  if (!point) return { written: 0, unchanged: 0, files: 0 };
  let weather: Awaited<ReturnType<typeof fetchCurrentWeather>>;
  try {
    weather = await fetchCurrentWeather({ lat, lon }, 'metric', 'fr');
  } catch (error) {
    if (error instanceof AppError && error.code === 'weather_unavailable') throw new WeatherError('weather_unavailable', providerDetail(error), { cause: error });
    throw error;
  }
  return storeFetchedValues(source.customer, source._id, [
    {
      pointId: point._id,
      customerId: source.customer,
      at: Date.parse(weather.current.time),
      value: weather.current.temperature,
      status: '1',
      zone: zoneOfPoint(point, locations),
    },
  ], points);
};
