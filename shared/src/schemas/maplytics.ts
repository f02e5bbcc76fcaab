import * as z from 'zod';
import { maplyticsSettingsSchema } from '../maplytics/levels';
import { MAPLYTICS_PERIODS } from '../maplytics/period-values';
import { calculationSchema, SERIES_TYPES } from '../series/calculations';
import { samplingSchema } from '../series/sampling';
import { idSchema } from './common';
import { coordinatesSchema } from './location';
import { RESOURCES } from './point';

/**
 * Maplytics (spec 2 §2, §3 "Map marker", §7): the markers of the caller's located sites, the
 * points of one site with their figures over a period, and the settings saved per location and
 * per point.
 */

/** `PUT /api/v1/points/maplytics_settings/{pointId}` and `PUT /api/v1/locations/maplytics_settings/{locationId}`. */
export const maplyticsSettingsRequestSchema = z.object({ maplytics_custom_settings: maplyticsSettingsSchema });

const latLngSchema = z.object({ lat: z.number(), lng: z.number() });

export const mapMarkerSchema = z.object({
  location_id: idSchema,
  latitude: z.number(),
  longitude: z.number(),
  title: z.string(),
  /** kWh per m² over the last 12 complete months (see maplytics/rating); null: not rated. */
  absolute_energy_rating: z.number().nullable(),
  /** Log entries not acquitted yet of the active alerts watching the site's points. */
  alerts_found: z.number().int().nonnegative(),
  maplytics: z.object({
    address: z.string().nullable(),
    surface: z.number().nullable(),
    timezone: z.string(),
    /** The energy the rating counts, and the months it covers (local dates, end excluded). */
    energy_kwh: z.number().nullable(),
    rating_from: z.string(),
    rating_to: z.string(),
    points_count: z.number().int().nonnegative(),
    maplytics_custom_settings: maplyticsSettingsSchema,
  }),
});
export type MapMarker = z.infer<typeof mapMarkerSchema>;

/** `GET /api/v1/maplytics`: the markers, the box holding them all and its centre (none without markers). */
export const maplyticsResponseSchema = z.object({
  markers: z.array(mapMarkerSchema),
  bounds: z.object({ southwest: latLngSchema, northeast: latLngSchema }).nullable(),
  center: latLngSchema.nullable(),
});
export type MaplyticsAnswer = z.infer<typeof maplyticsResponseSchema>;

export const MAPLYTICS_PERIOD_TYPES = ['slidingPeriod', 'fixedPeriod'] as const;

/** `GET /api/v1/points/maplytics/{locationId}?period_type=…&period=…&offset=…`: sliding (default) or calendar periods. */
export const maplyticsPointsQuerySchema = z.object({
  period_type: z.enum(MAPLYTICS_PERIOD_TYPES).default('slidingPeriod'),
  period: z.enum(MAPLYTICS_PERIODS).default('month'),
  offset: z
    .string()
    .regex(/^\d{1,4}$/)
    .transform(Number)
    .default(0),
});
export type MaplyticsPointsQuery = z.output<typeof maplyticsPointsQuerySchema>;

export const maplyticsPointSchema = z.object({
  _id: idSchema,
  name: z.string(),
  technical_id: z.string(),
  resource: z.enum(RESOURCES),
  series_type: z.enum(SERIES_TYPES),
  unit: z.string(),
  default_color: z.string(),
  last_data_date: z.string().nullable(),
  maplytics_custom_settings: maplyticsSettingsSchema,
  /** The period's figure (the series type's default calculation), the previous period's, and the change in percent. */
  figures: z.object({
    calculation: calculationSchema,
    unit: z.string(),
    value: z.number().nullable(),
    previous: z.number().nullable(),
    evolution: z.number().nullable(),
  }),
  /** The period in buckets, as the detail panel draws it (local dates). */
  buckets: z.object({ dates: z.array(z.string()), values: z.array(z.number().nullable()) }),
});
export type MaplyticsPoint = z.infer<typeof maplyticsPointSchema>;

export const maplyticsPointsResponseSchema = z.object({
  location: z.object({ _id: idSchema, title: z.string(), maplytics_custom_settings: maplyticsSettingsSchema }),
  period: z.object({
    period_type: z.enum(MAPLYTICS_PERIOD_TYPES),
    period: z.enum(MAPLYTICS_PERIODS),
    offset: z.number().int(),
    sampling: samplingSchema,
    timezone: z.string(),
    from: z.string(),
    to: z.string(),
  }),
  points: z.array(maplyticsPointSchema),
});
export type MaplyticsPoints = z.infer<typeof maplyticsPointsResponseSchema>;

/** `GET /api/v1/locations/geocode?q=…`: below 3 characters nothing is asked. */
export const geocodeQuerySchema = z.object({ q: z.string().trim().max(200).default('') });

/** An address the geocoding provider found, with coordinates and viewport ready for a location. */
export const geocodedAddressSchema = z.object({
  label: z.string(),
  city: z.string().nullable(),
  postcode: z.string().nullable(),
  score: z.number(),
  coordinates: coordinatesSchema.required({ viewport: true }),
});
export type GeocodedAddress = z.infer<typeof geocodedAddressSchema>;
