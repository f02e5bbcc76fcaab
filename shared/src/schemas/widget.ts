import * as z from 'zod';
import { ownedFieldsSchema } from '../permissions/ownership';
import { calculationSchema } from '../series/calculations';
import { periodSchema, periodTypeSchema, samplingSchema } from '../series/sampling';
import { idSchema } from './common';

export const WIDGET_TYPES = ['chart', 'pie', 'table', 'text', 'image', 'trend', 'IPMVP'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

export const CHART_STYLES = ['column', 'line', 'spline', 'bar', 'area', 'on_off'] as const;
export type ChartStyle = (typeof CHART_STYLES)[number];

export const SUPERIMPOSE_FILTERS = ['all', 'last2', 'last3', 'last4', 'last5'] as const;

/** How many normalisations a widget chains at most. */
export const MAX_NORMALISATIONS = 3;

/** Widget defaults of spec 1 §9. */
export const WIDGET_DEFAULTS = { type: 'chart', width: 500, height: 400, width_percent: 48.5, period: 'month', sampling: 'day', z_index: 1 } as const;
export const TEXT_WIDGET_HEIGHT = 50;

const colourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** One point drawn by a widget (spec 1 §3.3). */
export const widgetPointSchema = z.object({
  _id: idSchema,
  color: colourSchema.default('#1c7ed6'),
  type: z.enum(CHART_STYLES).default('column'),
  calculation: calculationSchema.default('sum'),
  visible: z.boolean().default(true),
  unit_conversion: z.object({ to: z.string().min(1).max(20) }).nullable().default(null),
  show_details: z.boolean().default(false),
});
export type WidgetPoint = z.infer<typeof widgetPointSchema>;

/**
 * Normalisation divides each value by a reference, `how_many` at a time (per 100 m², per degree-day…):
 * `surface` is the surface of the widget's location (or the first point's location); `point` is
 * another point's value over the same bucket with its default calculation (a degree-day point
 * gives per degree-day).
 */
export const normalisationSchema = z.object({
  how_many: z.number().positive().default(1),
  what: z.discriminatedUnion('kind', [z.object({ kind: z.literal('surface') }), z.object({ kind: z.literal('point'), point: idSchema })]),
});
export type Normalisation = z.infer<typeof normalisationSchema>;

/** Every setting of a widget, with the spec's defaults; the rules between them live in widgets/dialog-rules. */
export const widgetSettingsSchema = z.object({
  type: z.enum(WIDGET_TYPES).default(WIDGET_DEFAULTS.type),
  title: z.string().max(200).default(''),
  width: z.number().positive().max(10_000).default(WIDGET_DEFAULTS.width),
  width_percent: z.number().positive().max(100).default(WIDGET_DEFAULTS.width_percent),
  height: z.number().positive().max(10_000).default(WIDGET_DEFAULTS.height),
  color: colourSchema.nullable().default(null),
  period_type: periodTypeSchema.default('fixedPeriod'),
  period: periodSchema.default(WIDGET_DEFAULTS.period),
  sampling: samplingSchema.default(WIDGET_DEFAULTS.sampling),
  start_date: z.iso.datetime({ offset: true }).nullable().default(null),
  end_date: z.iso.datetime({ offset: true }).nullable().default(null),
  offset: z.number().int().min(0).max(1000).default(0),
  hidden_title_bar: z.boolean().default(false),
  only_text: z.boolean().default(false),
  drilldown: z.boolean().default(false),
  stacked: z.boolean().default(false),
  show_values_on_chart: z.boolean().default(false),
  show_only_chart: z.boolean().default(false),
  hide_x_axis: z.boolean().default(false),
  hide_y_axis: z.boolean().default(false),
  hide_legend: z.boolean().default(false),
  top: z.number().default(0),
  left: z.number().default(0),
  position: z.number().int().min(0).default(0),
  page_index: z.number().int().min(0).default(0),
  widget_index: z.number().int().min(0).default(0),
  z_index: z.number().int().default(WIDGET_DEFAULTS.z_index),
  superimpose: z.boolean().default(false),
  superimpose_filter: z.enum(SUPERIMPOSE_FILTERS).default('all'),
  normalisation: z.array(normalisationSchema).max(MAX_NORMALISATIONS).default([]),
  auto_tooltip: z.boolean().default(false),
  auto_tooltip_offset: z.number().int().min(0).default(0),
  compare_periods: z.boolean().default(false),
  /** Rich text of a text widget (sanitised HTML with value tokens). */
  text: z.string().max(20_000).default(''),
  image: z.object({ source: idSchema.nullable().default(null), isCard: z.boolean().default(false) }).default({ source: null, isCard: false }),
  /** Whether a rise is good news (production) or bad news (consumption): the arrow's colour. */
  trend: z.object({ type: z.enum(['rise_is_good', 'fall_is_good']).default('fall_is_good') }).default({ type: 'fall_is_good' }),
  points: z.array(widgetPointSchema).max(20).default([]),
});
export type WidgetSettings = z.infer<typeof widgetSettingsSchema>;

/** What a client sends to add or change a widget: its settings and where it lives; the owner is the server's to set. */
export const widgetInputSchema = widgetSettingsSchema.extend({
  _id: idSchema.optional(),
  /** The tab or location page the widget lives on (server ids say which); null for the owner's dashboard. */
  location: idSchema.nullable().default(null),
  sharing: z.object({ shared: z.boolean().default(false) }).default({ shared: false }),
});
export type WidgetInput = z.infer<typeof widgetInputSchema>;

/**
 * A save of the widget dialog: its settings, and the settings it opened with (`base`). With a
 * base, a setting the dialog left as it found it is not written back, even where the stored widget
 * now differs: another user's save made meanwhile stays.
 */
export const widgetUpdateSchema = widgetInputSchema.extend({ _id: idSchema, base: widgetInputSchema.optional() });
export type WidgetUpdate = z.infer<typeof widgetUpdateSchema>;

/**
 * Where a widget sits and how big it is: what a move or a resize on the page changes, and only
 * that. Saved attribute by attribute, so moves of several widgets and an edit of the widget's
 * settings at the same time all keep their change.
 */
export const widgetLayoutSchema = z
  .strictObject({
    position: widgetSettingsSchema.shape.position.removeDefault().optional(),
    width_percent: widgetSettingsSchema.shape.width_percent.removeDefault().optional(),
    height: widgetSettingsSchema.shape.height.removeDefault().optional(),
  })
  .refine((layout) => Object.values(layout).some((value) => value !== undefined), { message: 'at least one of position, width_percent, height' });
export type WidgetLayoutChange = z.infer<typeof widgetLayoutSchema>;

export const widgetSchema = widgetInputSchema.extend({ _id: idSchema, customer: idSchema, created_at: z.string(), updated_at: z.string() }).merge(ownedFieldsSchema);
export type Widget = z.infer<typeof widgetSchema>;
