import * as z from 'zod';
import { citySearchQuerySchema, weatherAnswerSchema, weatherCitySchema, weatherQuerySchema } from '../../schemas/weather';
import { route, ANY_SIGNED_IN_USER, type GroupRoutes } from '../define-route';

/** The routes the `weather` function serves. */
export const weatherRoutes = {
  // Weather is public knowledge, yet only signed-in users may have the product ask for it.
  getWeather: route('GET', '/api/v1/weather', 'weather', { permission: ANY_SIGNED_IN_USER, query: weatherQuerySchema, response: weatherAnswerSchema }),
  searchWeatherCities: route('GET', '/api/v1/weather/cities', 'weather', {
    permission: ANY_SIGNED_IN_USER,
    query: citySearchQuerySchema,
    response: z.array(weatherCitySchema),
  }),
} satisfies GroupRoutes<'weather'>;
