import * as z from 'zod';
import { DEFAULT_TIMEZONE } from '../constants';
import { idSchema } from './common';
import { coordinatesSchema, LOCATION_TYPES } from './location';

/** What a client sends to create or update a location. */
export const locationInputSchema = z.object({
  _id: idSchema.optional(),
  name: z.string().trim().min(1).max(120),
  denomination: z.string().trim().max(120).nullable().default(null),
  parent: idSchema.nullable().default(null),
  hidden: z.boolean().default(false),
  address: z.string().trim().max(300).nullable().default(null),
  type: z.enum(LOCATION_TYPES).nullable().default(null),
  surface: z.number().nonnegative().nullable().default(null),
  coordinates: coordinatesSchema.nullable().default(null),
  timezone: z.string().default(DEFAULT_TIMEZONE).refine(isKnownTimeZone, 'unknown_timezone'),
});
export type LocationInput = z.infer<typeof locationInputSchema>;

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const locationPositionV2Schema = z.object({
  locations: z.array(idSchema).min(1).max(500),
  parent_id: idSchema.nullable(),
});

export const locationPositionV1Schema = z.object({
  locations: z
    .array(z.object({ _id: idSchema, parent: idSchema.nullable(), position: z.number().int().nonnegative() }))
    .min(1)
    .max(500),
});
