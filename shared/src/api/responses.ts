import * as z from 'zod';
import { ACTIONS, RESOURCE_KEYS } from '../permissions/resource-keys';
import { idSchema } from '../schemas/common';
import { locationSchema, type LocationTreeNode } from '../schemas/location';
import { pointSchema } from '../schemas/point';
import { userSummarySchema } from '../schemas/user';

/** Answers of routes that have no entity schema of their own. */

export const notificationsReadResponseSchema = z.object({ last_notification_read: z.string() });

export const aclResponseSchema = z.partialRecord(z.enum(RESOURCE_KEYS), z.array(z.enum(ACTIONS)));

export const openApiResponseSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
  components: z.record(z.string(), z.unknown()),
});

export const userListsResponseSchema = z.object({ customer_users: z.array(userSummarySchema), super_users: z.array(userSummarySchema) });

/** The locations tree: every location for administrators (hidden ones flagged), the visible tree with `clickable` for members. */
export const locationTreeResponseSchema: z.ZodType<(LocationTreeNode & { clickable?: boolean })[]> = z.array(
  z.lazy(() => locationSchema.extend({ clickable: z.boolean().optional(), children: locationTreeResponseSchema })),
);

export const locationDeletionResponseSchema = z.object({
  deleted: idSchema,
  moved_children: z.array(idSchema),
  detached_points: z.array(idSchema),
  points_without_location: z.array(idSchema),
});
export type LocationDeletion = z.infer<typeof locationDeletionResponseSchema>;

export const pointDefinitionsResponseSchema = z.object({
  resources: z.array(z.string()),
  applications: z.array(z.string()),
  series_types: z.array(z.string()),
  unit_categories: z.array(z.string()),
  units: z.array(z.string()),
  periodicities: z.array(z.number()),
  calculations: z.array(z.string()),
  default_calculations: z.record(z.string(), z.string()),
  operating_range_operators: z.array(z.string()),
  /** The customer's data sources a point can name as where its values come from. */
  sources: z.array(z.object({ _id: idSchema, name: z.string(), type: z.string() })),
});
export type PointDefinitions = z.infer<typeof pointDefinitionsResponseSchema>;

/** A point offered to manual entry, with its latest raw value (null when it has none yet). */
export const pointWithLastValueSchema = pointSchema.extend({
  last_value: z.object({ date: z.iso.datetime({ offset: true }), value: z.number() }).nullable(),
});
export type PointWithLastValue = z.infer<typeof pointWithLastValueSchema>;

export const pointWithLocationNamesSchema = pointSchema.extend({ locations_name: z.array(z.string()) });

/** What a point picker shows, and a dialog reads, of a point it offers: a picker's page carries these fields only (`fields=picker`). */
export const pickerPointSchema = pointWithLocationNamesSchema.pick({
  _id: true,
  name: true,
  technical_id: true,
  location: true,
  locations_name: true,
  resource: true,
  series_type: true,
  unit: true,
  default_color: true,
  active: true,
});
export type PickerPoint = z.infer<typeof pickerPointSchema>;

const PICKER_POINT_FIELDS = Object.keys(pickerPointSchema.shape) as (keyof PickerPoint)[];

/** A point trimmed to what a picker shows. */
export const pickerPointOf = (point: PickerPoint): PickerPoint => Object.fromEntries(PICKER_POINT_FIELDS.map((field) => [field, point[field]])) as PickerPoint;

export const technicalIdCheckResponseSchema = z.object({ unique: z.boolean() });

/** A long job started in the background; its progress comes over the WebSocket. */
export const jobResponseSchema = z.object({ job: z.string() });

export const pointDeletionResponseSchema = z.object({ deleted: idSchema });

const namedPointSchema = z.object({ _id: idSchema, name: z.string() });

/** Many points deleted: those deleted, and those kept because a calculated point outside the call uses them (with who uses them). */
export const pointsDeletionResponseSchema = z.object({
  deleted: z.array(idSchema),
  used_by: z.array(namedPointSchema.extend({ used_by: z.array(namedPointSchema) })),
});

/** The hidden-on-map flag set on many points: how many changed (the others had it already). */
export const pointsHiddenOnMapResponseSchema = z.object({ changed: z.number().int() });

export const ingestResponseSchema = z.object({ saved: z.number().int() });

export const dataDeletionResponseSchema = z.object({ deleted: z.number().int() });

export const ipmvpAggregateResponseSchema = z.object({ value: z.number(), unit: z.string(), from: z.string(), to: z.string() });

export const tabDeletionResponseSchema = z.object({ deleted: idSchema, widgets: z.number().int() });
