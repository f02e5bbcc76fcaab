import { createHttpHandler } from '../middleware/http-handler';
import { getWeather, searchWeatherCities } from '../services/weather-service';

export const handler = createHttpHandler('weather', {
  getWeather: ({ caller, query, headers }) => getWeather(caller, query, headers.language),
  searchWeatherCities: ({ query }) => searchWeatherCities(query.q),
});
