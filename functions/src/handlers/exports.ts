import { createHttpHandler } from '../middleware/http-handler';
import {
  cellValue,
  createExport,
  deleteExportOf,
  exportFileLink,
  listExports,
  sendExportByMail,
  updateExportOf,
  viewExport,
  viewSettingsOf,
} from '../services/export-service';

export const handler = createHttpHandler('exports', {
  listExports: ({ caller }) => listExports(caller),
  createExport: ({ caller, body }) => createExport(caller, body),
  updateExport: ({ caller, body }) => updateExportOf(caller, body),
  deleteExport: ({ caller, params }) => deleteExportOf(caller, params.id),
  viewExport: ({ caller, params, headers }) => viewExport(caller, params.id, viewSettingsOf(params), headers.language),
  exportCellValue: ({ caller, params, body, headers }) => cellValue(caller, body.cell, viewSettingsOf(params), headers.language),
  exportFile: ({ caller, params, headers }) => exportFileLink(caller, params.id, viewSettingsOf(params), headers.language),
  sendExport: ({ caller, params, body, headers }) =>
    sendExportByMail(caller, params.id, { endDate: body.end_date ?? null, sampling: body.sampling ?? null }, headers.language, body.request_key ?? null),
});
