import * as z from 'zod';
import { idSchema } from '../../schemas/common';
import {
  exportCellAnswerSchema,
  exportCellRequestSchema,
  exportFileLinkSchema,
  exportInputSchema,
  exportSchema,
  exportSendAnswerSchema,
  exportSendRequestSchema,
  exportViewParamsSchema,
  exportViewSchema,
} from '../../schemas/export';
import { route, byId, type GroupRoutes } from '../define-route';

const EXPORTS = { permission: 'app.exports' } as const;
const READ = { kind: 'export', intent: 'read', id: { in: 'params', field: 'id' } } as const;

/** The routes the `exports` function serves. */
export const exportsRoutes = {
  // Exports (spec 2 §7 "Exports"): premium through their permission key; owned objects.
  listExports: route('GET', '/api/v1/exports/data', 'exports', { ...EXPORTS, response: z.array(exportSchema), owned: { kind: 'export', intent: 'list' } }),
  createExport: route('POST', '/api/v1/exports/data', 'exports', {
    ...EXPORTS,
    action: 'create',
    body: exportInputSchema,
    response: exportSchema,
    owned: { kind: 'export', intent: 'create' },
  }),
  updateExport: route('PUT', '/api/v1/exports/data', 'exports', {
    ...EXPORTS,
    action: 'edit',
    body: exportInputSchema.extend({ _id: idSchema }),
    response: exportSchema,
    owned: { kind: 'export', intent: 'modify', id: { in: 'body', field: '_id' } },
  }),
  deleteExport: route('DELETE', '/api/v1/exports/data/{id}', 'exports', {
    ...EXPORTS,
    action: 'delete',
    params: byId,
    response: z.object({ res: z.literal(true), deleted: idSchema }),
    owned: { kind: 'export', intent: 'modify', id: { in: 'params', field: 'id' } },
  }),
  /** The export with what its cells show (`data_array`), at a custom end date and sampling or `none`. */
  viewExport: route('GET', '/api/v1/exports/data/{id}/{endDate}/{sampling}', 'exports', {
    ...EXPORTS,
    params: byId.extend(exportViewParamsSchema.shape),
    response: exportViewSchema,
    owned: READ,
  }),
  /** What one cell being edited shows, at `data[0][0]`. */
  exportCellValue: route('PUT', '/api/v1/exports/data/cell/{endDate}/{sampling}', 'exports', {
    ...EXPORTS,
    params: exportViewParamsSchema,
    body: exportCellRequestSchema,
    response: exportCellAnswerSchema,
  }),
  // Ours (the spec names no route for them): the file of the read view, and sending it by e-mail now.
  exportFile: route('GET', '/api/v1/exports/data/{id}/file/{endDate}/{sampling}', 'exports', {
    ...EXPORTS,
    params: byId.extend(exportViewParamsSchema.shape),
    response: exportFileLinkSchema,
    owned: READ,
  }),
  sendExport: route('POST', '/api/v1/exports/data/{id}/email', 'exports', {
    ...EXPORTS,
    params: byId,
    body: exportSendRequestSchema,
    response: exportSendAnswerSchema,
    owned: READ,
  }),
} satisfies GroupRoutes<'exports'>;
