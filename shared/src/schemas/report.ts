import * as z from 'zod';
import { ownedFieldsSchema } from '../permissions/ownership';
import { idSchema } from './common';
import { widgetSettingsSchema } from './widget';

/** A report's page sizes in CSS pixels (spec 1 §9): what the editor shows and the PDF prints. */
export const REPORT_PAGE_SIZES = {
  portrait: { width: 770, height: 1112 },
  landscape: { width: 1102, height: 783 },
} as const;
export const REPORT_ORIENTATIONS = ['portrait', 'landscape'] as const;
export type ReportOrientation = (typeof REPORT_ORIENTATIONS)[number];

/** 'Add a report' proposes this title (spec 2 §2). */
export const DEFAULT_REPORT_NAME = 'New Report';
/** A widget added to a report starts 320 px high and 75 % wide (spec 2 §9). */
export const REPORT_WIDGET_DEFAULTS = { height: 320, width_percent: 75 } as const;

/**
 * Layouts 1 to 6 (spec 2 §2): how many widgets share a row of the page — 1 the whole width, 2
 * halves … 6 sixths. The layout sets the widget's width; its height stays its own.
 */
export const REPORT_LAYOUTS = [1, 2, 3, 4, 5, 6] as const;
export type ReportLayout = (typeof REPORT_LAYOUTS)[number];
export const layoutWidthPercent = (layout: ReportLayout): number => Math.round((100 / layout) * 100) / 100;

/** A widget of a report: the dashboard widget's settings (the same dialog), its id and its layout. */
export const reportWidgetSchema = widgetSettingsSchema.extend({
  _id: idSchema.optional(),
  height: widgetSettingsSchema.shape.height.removeDefault().default(REPORT_WIDGET_DEFAULTS.height),
  width_percent: widgetSettingsSchema.shape.width_percent.removeDefault().default(REPORT_WIDGET_DEFAULTS.width_percent),
  layout: z.number().int().min(1).max(6).nullable().default(null),
});
export type ReportWidgetInput = z.input<typeof reportWidgetSchema>;
export type ReportWidget = z.output<typeof reportWidgetSchema> & { _id: string };

/** At most this many pages, and widgets on a page. */
export const MAX_REPORT_PAGES = 50;
export const MAX_WIDGETS_PER_PAGE = 24;

export const reportContentSchema = z.object({
  pages: z.array(z.array(reportWidgetSchema).max(MAX_WIDGETS_PER_PAGE)).min(1).max(MAX_REPORT_PAGES).default([[]]),
});

/** `POST /api/v1/reports` (`data` with a name); `PUT` sends the whole report. */
export const reportInputSchema = z.object({
  _id: idSchema.optional(),
  name: z.string().trim().min(1).max(200),
  orientation: z.enum(REPORT_ORIENTATIONS).default('portrait'),
  user: idSchema.nullish(),
  sharing: z.object({ shared: z.boolean().default(false) }).default({ shared: false }),
  content: reportContentSchema.default({ pages: [[]] }),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

export const reportSchema = z
  .object({
    _id: idSchema,
    customer: idSchema,
    name: z.string(),
    orientation: z.enum(REPORT_ORIENTATIONS),
    content: z.object({ pages: z.array(z.array(reportWidgetSchema.extend({ _id: idSchema }))) }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .merge(ownedFieldsSchema);
export type Report = z.infer<typeof reportSchema>;
