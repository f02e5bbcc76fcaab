import * as z from 'zod';
import { calculationSchema } from '../series/calculations';
import { idSchema } from './common';
import { pointInputSchema } from './point';

/** A point to save, sent bare or as `{ point }`. */
export const pointSaveRequestSchema = z
  .union([z.object({ point: pointInputSchema }), pointInputSchema])
  .transform((body) => ('point' in body && typeof body.point === 'object' ? body.point : (body as z.infer<typeof pointInputSchema>)));

export const technicalIdCheckRequestSchema = z.object({
  point: z.object({ technical_id: z.string().trim().min(1), _id: idSchema.optional() }),
});

/** The most points one position call moves. */
export const MAX_POSITIONED_POINTS = 500;

export const pointPositionRequestSchema = z.object({
  points: z.array(idSchema).min(1).max(MAX_POSITIONED_POINTS),
  location_id: idSchema.nullable(),
  current_location: idSchema.nullish(),
});

/** The most points one `POST /api/v1/points/by-ids` names: a screen's saved choice (a widget's, an alert's, an export's) is far fewer. */
export const MAX_POINTS_BY_IDS = 500;

/** `POST /api/v1/points/by-ids`: the points a screen names by id, as pickers show them. */
export const pointsByIdsRequestSchema = z.object({ ids: z.array(idSchema).min(1).max(MAX_POINTS_BY_IDS) });

/** The most points one bulk call (hide on the map, delete) changes: a screen sends a larger selection in several calls, with its progress. */
export const MAX_BULK_POINTS = 200;

const bulkPointIdsSchema = z
  .array(idSchema)
  .min(1)
  .max(MAX_BULK_POINTS)
  .refine((ids) => new Set(ids).size === ids.length, 'each point once');

/** Not in the spec: the hidden-on-map flag of many points at once (spec 3 §4: "can be toggled in bulk"). */
export const pointsHiddenOnMapRequestSchema = z.object({ points: bulkPointIdsSchema, hide_on_maplytics: z.boolean() });

/** Not in the spec: many points deleted at once, each as `DELETE /v1/points/{id}` would. */
export const pointsDeletionRequestSchema = z.object({ points: bulkPointIdsSchema });

/** The most points one merge folds into another. */
export const MAX_MERGED_POINTS = 50;

export const pointMergeRequestSchema = z.object({ points: z.array(idSchema).min(1).max(MAX_MERGED_POINTS), merge_to: idSchema });

export const ipmvpAggregateRequestSchema = z.object({
  sampling: z.enum(['day', 'week', 'month', 'year']),
  point: idSchema,
  calculation: calculationSchema,
  offset: z.number().int().min(0).max(1000).default(0),
});
