import * as z from 'zod';
import { maplyticsSettingsSchema } from '../maplytics/levels';
import { calculationSchema, SERIES_TYPES } from '../series/calculations';
import { idSchema } from './common';

export const RESOURCES = ['water', 'electricity', 'gaz', 'temperature', 'air', 'thermal'] as const;
export const APPLICATIONS = ['heating', 'other'] as const;
export const UNIT_CATEGORIES = ['temperature', 'electricity', 'volume', 'custom'] as const;
export const OPERATING_RANGE_OPERATORS = ['gt', 'gte', 'lt', 'lte', 'between'] as const;

/** Predefined periodicities in seconds (spec 1 §3.5): 1 minute … 1 year (a month is 30 days). */
export const PERIODICITIES = [
  60, 300, 600, 900, 1200, 1800, 3600, 7200, 10800, 14400, 21600, 43200, 86400, 604800, 2592000, 31536000,
] as const;

const replacementLetterSchema = z.string().regex(/^[A-Z]{1,3}$/);

export const tagSchema = z.object({
  display_name: z.string().max(80),
  name: z.string().min(1).max(80),
  value: z.string().max(200),
});

export const formulaPointSchema = z.object({
  point_id: idSchema,
  point_calculation: calculationSchema,
  replacement_letter: replacementLetterSchema,
});

export const pointCalculationSchema = z.object({
  formula: z.string().max(4000).default(''),
  points_list: z.array(formulaPointSchema).max(100).default([]),
  periodicity_reference: z.number().int().positive().nullable().default(null),
  force_periodicity_reference: z.boolean().default(false),
  periodicity_reference_forced: z.number().int().positive().nullable().default(null),
  apply_from: z.string().datetime({ offset: true }).nullable().default(null),
  apply_to: z.string().datetime({ offset: true }).nullable().default(null),
  optimization_allowed: z.boolean().default(true),
  is_formula_valid: z.boolean().default(true),
  formula_error: z.string().nullable().default(null),
});
export type PointCalculation = z.infer<typeof pointCalculationSchema>;

export const IPMVP_PERIODS = ['day', 'week', 'month', 'year'] as const;

/**
 * Baselines and targets arrive possibly incomplete: the rule "period and value are required"
 * answers the spec's own message (see shared/src/series/ipmvp.ts), not a generic validation error.
 * Defaults are the spec's: period year, offset 0, auto renew on, coefficient 0 in percent.
 */
export const baselineSchema = z.object({
  baseline_period: z.enum(IPMVP_PERIODS).nullish(),
  baseline_period_date: z.string().nullish(),
  baseline_period_offset: z.number().int().default(0),
  baseline_calculation: calculationSchema.nullish(),
  baseline_point: idSchema.nullable().default(null),
  value: z.number().nullish(),
  baseline_auto_renew: z.boolean().default(true),
});
export type Baseline = z.infer<typeof baselineSchema>;

export const targetSchema = z.object({
  target_period: z.enum(IPMVP_PERIODS).nullish(),
  target_period_date: z.string().nullish(),
  target_period_offset: z.number().int().default(0),
  target_calculation: calculationSchema.nullish(),
  target_point: idSchema.nullable().default(null),
  value: z.number().nullish(),
  target_auto_renew: z.boolean().default(true),
  coefficient_value: z.number().default(0),
  coefficient_type: z.enum(['%', 'number']).default('%'),
});
export type Target = z.infer<typeof targetSchema>;

/** The fields a client sends to create or update a point (spec 3 §3 "Point"). */
export const pointInputSchema = z.object({
  _id: idSchema.optional(),
  name: z.string().trim().min(1).max(160),
  technical_id: z.string().trim().min(1).max(120),
  resource: z.enum(RESOURCES),
  application: z.enum(APPLICATIONS).nullable().default(null),
  unit: z.string().max(20).default(''),
  unit_object: z.object({ category: z.enum(UNIT_CATEGORIES), s: z.string().max(20) }).nullable().default(null),
  series_type: z.enum(SERIES_TYPES),
  source: idSchema.nullable().default(null),
  location: z.array(idSchema).max(50).default([]),
  default_color: z.string().regex(/^#[0-9a-fA-F]{6}$/).default('#1c7ed6'),
  active: z.boolean().default(true),
  hide_on_maplytics: z.boolean().default(false),
  periodicity: z.number().int().positive().default(600),
  tags: z.record(z.string(), tagSchema).default({}),
  replacement_letter: replacementLetterSchema.nullable().default(null),
  allow_operating_range: z.boolean().default(false),
  operating_range_operator: z.enum(OPERATING_RANGE_OPERATORS).nullable().default(null),
  operating_range_low: z.number().nullable().default(null),
  operating_range_high: z.number().nullable().default(null),
  baselines: z.array(baselineSchema).default([]),
  targets: z.array(targetSchema).default([]),
  calculation: pointCalculationSchema.nullable().default(null),
});
export type PointInput = z.infer<typeof pointInputSchema>;

export const pointSchema = pointInputSchema.extend({
  _id: idSchema,
  customer: idSchema,
  last_data_date: z.string().datetime().nullable(),
  created_at: z.string().datetime(),
  updated_at: z.string().datetime(),
  /** Set through its own route only (a point's save leaves it as it is). */
  maplytics_custom_settings: maplyticsSettingsSchema.default({ levels: null }),
});
export type Point = z.infer<typeof pointSchema>;

export const isCalculatedPoint = (point: Pick<Point, 'calculation'>): boolean =>
  point.calculation !== null && point.calculation.formula.trim() !== '';
