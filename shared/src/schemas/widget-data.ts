import * as z from 'zod';
import { idSchema } from './common';
import { seriesAnswerSchema, statusCodeSchema } from './series';
import { widgetSchema, widgetSettingsSchema } from './widget';

/**
 * `POST /api/v1/widgets/data`: everything one widget shows, in one call, from the series engine
 * (the same numbers as exports, alerts and reports). The widget's settings travel in the body, so
 * the dialog's preview and a printed report ask the same way a saved widget does.
 */
export const widgetDataRequestSchema = z.object({
  widget: widgetSettingsSchema.extend({ location: idSchema.nullable().default(null) }),
  /** Only for the dialog preview and tests: the instant "now" means (ISO). */
  now: z.iso.datetime({ offset: true }).optional(),
});
export type WidgetDataRequest = z.input<typeof widgetDataRequestSchema>;

/** One year of a superimposed chart: the point's series over that year, by month or day of year. */
export const superimposedYearSchema = z.object({ year: z.number().int(), dates: z.array(z.string()), values: z.array(z.number().nullable()) });

/** This period against the previous one, for the trend widget. */
export const trendDataSchema = z.object({
  current: z.number().nullable(),
  previous: z.number().nullable(),
  /** (current − previous) / |previous| × 100, null when either is missing or previous is 0. */
  change_percent: z.number().nullable(),
  unit: z.string(),
  current_from: z.string(),
  previous_from: z.string(),
  /** Where the previous period stops when the current one is under way (compared up to the same moment); null: the whole of it. */
  previous_to: z.string().nullable(),
});
export type TrendData = z.infer<typeof trendDataSchema>;

/** Baseline, target and actual of a point for the widget's period (IPMVP, 'Baseline-Target-Epi'). */
export const ipmvpDataSchema = z.object({
  baseline: z.number().nullable(),
  target: z.number().nullable(),
  actual: z.number().nullable(),
  unit: z.string(),
  period: z.string(),
  from: z.string(),
});
export type IpmvpData = z.infer<typeof ipmvpDataSchema>;

/** A text widget's point-value token resolved: its value, or an error the widget shows as 'Error'. */
export const tokenValueSchema = z.union([z.object({ value: z.number().nullable(), unit: z.string() }), z.object({ error: z.literal(true) })]);

/** Raw values with their status code, for a table at minute sampling (spec 1 §3.4). */
export const rawRowsSchema = z.array(
  z.object({ point: idSchema, rows: z.array(z.object({ date: z.string(), value: z.number(), status: statusCodeSchema })) }),
);

export const widgetDataSchema = z.object({
  /** Chart, pie, table: the widget's points over its period (normalised where asked). */
  frame: seriesAnswerSchema.nullable(),
  /** compare_periods: the same points over the previous period. */
  compared: seriesAnswerSchema.nullable(),
  /** superimpose: one series per year, newest last, filtered (all, last 2 to 5). */
  superimposed: z.array(superimposedYearSchema).nullable(),
  trend: trendDataSchema.nullable(),
  ipmvp: ipmvpDataSchema.nullable(),
  /** Text: each point-value token by its key (see widgets/text-tokens). */
  tokens: z.record(z.string(), tokenValueSchema).nullable(),
  /** Table at minute sampling: raw values with status. */
  raw: rawRowsSchema.nullable(),
});
export type WidgetData = z.infer<typeof widgetDataSchema>;

/**
 * `POST /api/v1/widgets/page-data`: the widgets of a page (a tab, a location, or the dashboard when
 * `page` is null), each with its data, in one call: a page's first screen does not wait for its
 * widgets before asking what they show.
 */
export const pageDataRequestSchema = z.object({ page: idSchema.nullable().default(null) });

/** A widget as the page lists it, with its data; null when it asks nothing or asks on its own (see the service). */
export const widgetWithDataSchema = widgetSchema.extend({ data: widgetDataSchema.nullable() });
export type WidgetWithData = z.infer<typeof widgetWithDataSchema>;
