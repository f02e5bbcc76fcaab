import { createHttpHandler } from '../middleware/http-handler';
import { cloneReport, createReport, deleteReportOf, exportReportPdf, getReportOf, listReports, reportImages, reportWidgetData, updateReportOf } from '../services/report-service';

export const handler = createHttpHandler('reports', {
  listReports: ({ caller }) => listReports(caller),
  createReport: ({ caller, body }) => createReport(caller, body),
  updateReport: ({ caller, body }) => updateReportOf(caller, body),
  cloneReport: ({ caller, params, headers }) => cloneReport(caller, params.id, headers.language),
  getReport: ({ caller, params }) => getReportOf(caller, params.id),
  deleteReport: ({ caller, params }) => deleteReportOf(caller, params.id),
  reportWidgetData: ({ caller, params }) => reportWidgetData(caller, params.id, params.pageIndex, params.widgetIndex),
  reportImages: ({ caller, params }) => reportImages(caller, params.id),
  exportReportPdf: ({ caller, params, headers }) => exportReportPdf(caller, params.id, headers.language),
});
