/** A city the weather provider knows: its id is what a weather source keeps (`city_id`). */
export interface City {
  id: number;
  name: string;
  country: string;
  lat: number;
  lon: number;
}

/**
 * The weather city search (`GET /api/v1/weather/cities?q=`), the one place the sources screens
 * ask for cities. The weather endpoints are not on this branch yet: nothing is found until they are.
 */
export const searchCities = async (_text: string): Promise<City[]> => [];
