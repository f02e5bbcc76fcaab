import * as z from 'zod';
import { DEFAULT_TIMEZONE } from '../constants';
import { maplyticsSettingsSchema } from '../maplytics/levels';
import { idSchema } from './common';

export const LOCATION_TYPES = ['Industry', 'Tertiary', 'Offices', 'Collectivity'] as const;

export const coordinatesSchema = z.object({
  location: z.object({ lng: z.number().min(-180).max(180), lat: z.number().min(-90).max(90) }),
  viewport: z
    .object({
      southwest: z.object({ lng: z.number(), lat: z.number() }),
      northeast: z.object({ lng: z.number(), lat: z.number() }),
    })
    .optional(),
});

export const locationSchema = z.object({
  _id: idSchema,
  name: z.string().min(1).max(120),
  denomination: z.string().max(120).nullable().default(null),
  customer: idSchema,
  parent: idSchema.nullable(),
  hidden: z.boolean().default(false),
  address: z.string().max(300).nullable().default(null),
  type: z.enum(LOCATION_TYPES).nullable().default(null),
  surface: z.number().nonnegative().nullable().default(null),
  coordinates: coordinatesSchema.nullable().default(null),
  timezone: z.string().default(DEFAULT_TIMEZONE),
  position: z.number().int().nonnegative().default(0),
  /** Set through its own route only (a location's save leaves it as it is). */
  maplytics_custom_settings: maplyticsSettingsSchema.default({ levels: null }),
});
export type Location = z.infer<typeof locationSchema>;

export interface LocationTreeNode extends Location {
  children: LocationTreeNode[];
}
