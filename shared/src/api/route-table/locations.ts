import * as z from 'zod';
import { locationSchema } from '../../schemas/location';
import { locationInputSchema, locationPositionV1Schema, locationPositionV2Schema } from '../../schemas/location-input';
import { pointSchema } from '../../schemas/point';
import { idSchema } from '../../schemas/common';
import {
  geocodedAddressSchema,
  geocodeQuerySchema,
  maplyticsResponseSchema,
  maplyticsSettingsRequestSchema,
} from '../../schemas/maplytics';
import { maplyticsSettingsSchema } from '../../maplytics/levels';
import { locationDeletionResponseSchema, locationTreeResponseSchema } from '../responses';
import { route, ANY_SIGNED_IN_USER, SETTINGS, byId, type GroupRoutes } from '../define-route';

/** The routes the `locations` function serves. */
export const locationsRoutes = {
  listLocations: route('GET', '/api/v2/locations', 'locations', { permission: ANY_SIGNED_IN_USER, response: locationTreeResponseSchema }),
  createLocation: route('POST', '/api/v2/locations', 'locations', { ...SETTINGS, action: 'create', body: locationInputSchema, response: locationSchema }),
  updateLocation: route('PUT', '/api/v2/locations', 'locations', { ...SETTINGS, action: 'edit', body: locationInputSchema, response: locationSchema }),
  updateLocationV1: route('PUT', '/api/v1/locations', 'locations', { ...SETTINGS, action: 'edit', body: locationInputSchema, response: locationSchema }),
  positionLocations: route('PUT', '/api/v2/locations/position', 'locations', {
    ...SETTINGS,
    action: 'edit',
    body: locationPositionV2Schema,
    response: z.array(locationSchema),
  }),
  positionLocationsV1: route('PUT', '/api/v1/locations/position', 'locations', {
    ...SETTINGS,
    action: 'edit',
    body: locationPositionV1Schema,
    response: z.array(locationSchema),
  }),
  deleteLocation: route('DELETE', '/api/v1/locations/{id}', 'locations', {
    ...SETTINGS,
    action: 'delete',
    params: byId,
    response: locationDeletionResponseSchema,
  }),
  listPointsWithoutLocation: route('GET', '/api/v1/locations/points/alone', 'locations', {
    permission: ANY_SIGNED_IN_USER,
    response: z.array(pointSchema),
  }),
  listPointsOfLocation: route('GET', '/api/v1/locations/points/{locationId}', 'locations', {
    permission: ANY_SIGNED_IN_USER,
    params: z.object({ locationId: idSchema }),
    response: z.array(pointSchema),
  }),
  // Maplytics (spec 2 §7): the markers, and a site's settings. Premium through the key.
  getMaplytics: route('GET', '/api/v1/maplytics', 'locations', { permission: 'app.maplytics', response: maplyticsResponseSchema }),
  updateLocationMaplyticsSettings: route('PUT', '/api/v1/locations/maplytics_settings/{locationId}', 'locations', {
    permission: 'app.maplytics',
    action: 'edit',
    params: z.object({ locationId: idSchema }),
    body: maplyticsSettingsRequestSchema,
    response: z.object({ _id: idSchema, maplytics_custom_settings: maplyticsSettingsSchema }),
  }),
  // The address search of the location form: the geocoding provider asked by the server.
  geocodeAddress: route('GET', '/api/v1/locations/geocode', 'locations', {
    ...SETTINGS,
    query: geocodeQuerySchema,
    response: z.array(geocodedAddressSchema),
  }),
} satisfies GroupRoutes<'locations'>;
