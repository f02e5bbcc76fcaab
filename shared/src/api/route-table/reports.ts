import * as z from 'zod';
import { idSchema } from '../../schemas/common';
import { imageSchema } from '../../schemas/image';
import { reportInputSchema, reportSchema } from '../../schemas/report';
import { widgetDataSchema } from '../../schemas/widget-data';
import { route, byId, fileAnswerSchema, wrapped, type GroupRoutes } from '../define-route';

const MODELS = { permission: 'app.reports.models' } as const;
const READ = { kind: 'report', intent: 'read', id: { in: 'params', field: 'id' } } as const;

const index = z.string().regex(/^\d{1,4}$/).transform(Number);
const widgetPlace = byId.extend({ pageIndex: index, widgetIndex: index });

/** The routes the `reports` function serves. */
export const reportsRoutes = {
  // Report models (spec 2 §7 "Reports and subscriptions"): premium through their permission keys; owned objects.
  listReports: route('GET', '/api/v1/reports', 'reports', { ...MODELS, response: z.array(reportSchema), owned: { kind: 'report', intent: 'list' } }),
  createReport: route('POST', '/api/v1/reports', 'reports', {
    ...MODELS,
    action: 'create',
    body: wrapped(reportInputSchema),
    response: reportSchema,
    owned: { kind: 'report', intent: 'create' },
  }),
  updateReport: route('PUT', '/api/v1/reports', 'reports', {
    ...MODELS,
    action: 'edit',
    body: wrapped(reportInputSchema.extend({ _id: idSchema })),
    response: reportSchema,
    owned: { kind: 'report', intent: 'modify', id: { in: 'body', field: '_id' } },
  }),
  /** A copy of a report the caller may read, theirs, with new widget ids. */
  cloneReport: route('PUT', '/api/v1/reports/clone/{id}', 'reports', { ...MODELS, action: 'create', params: byId, response: reportSchema, owned: READ }),
  getReport: route('GET', '/api/v1/reports/{id}', 'reports', { ...MODELS, params: byId, response: reportSchema, owned: READ, print: true }),
  deleteReport: route('DELETE', '/api/v1/reports/{id}', 'reports', {
    ...MODELS,
    action: 'delete',
    params: byId,
    response: z.object({ deleted: idSchema }),
    owned: { kind: 'report', intent: 'modify', id: { in: 'params', field: 'id' } },
  }),
  /** What one widget of a report shows: the dashboards' widget data, from the same engine. */
  reportWidgetData: route('GET', '/api/v1/reports/{id}/gws/{pageIndex}/{widgetIndex}', 'reports', {
    ...MODELS,
    params: widgetPlace,
    response: widgetDataSchema,
    owned: READ,
    print: true,
  }),
  /** The images the report's image widgets show, each with a short-lived address (the print page has no gallery). */
  reportImages: route('GET', '/api/v1/reports/{id}/images', 'reports', { ...MODELS, params: byId, response: z.array(imageSchema), owned: READ, print: true }),
  /** The report printed to PDF (spec 2 §7: a binary answer, its name and type in the headers). */
  exportReportPdf: route('GET', '/api/v1/exports/reports/{id}', 'reports', {
    ...MODELS,
    params: byId,
    response: fileAnswerSchema,
    owned: READ,
    file: 'application/pdf',
    // A Chromium of 2 GB for seconds, three at a time for the whole deployment: it weighs ten requests.
    rateCost: 10,
  }),
} satisfies GroupRoutes<'reports'>;
