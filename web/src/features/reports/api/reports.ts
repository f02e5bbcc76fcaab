import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import type { Report, ReportInput } from '@shared/schemas/report';
import { callApi, callApiForFile } from '../../../lib/http';

export const REPORT_KEYS = {
  all: ['reports'] as const,
  one: (id: string) => ['reports', id] as const,
};

export const reportsQueryOptions = () => queryOptions({ queryKey: REPORT_KEYS.all, queryFn: () => callApi(API.listReports, {}) });

export const reportQueryOptions = (id: string) => queryOptions({ queryKey: REPORT_KEYS.one(id), queryFn: () => callApi(API.getReport, { params: { id } }) });

/** 'Add a report' (spec 2 §2): a title, one empty page. */
export const createReport = (name: string) => callApi(API.createReport, { body: { data: { name } } });

export const cloneReport = (id: string) => callApi(API.cloneReport, { params: { id } });

export const deleteReport = (id: string) => callApi(API.deleteReport, { params: { id } });

/**
 * Widgets added in the editor carry a draft id until the report is saved: ids are the server's
 * to make, so a draft id is never sent and the saved report answers the real one.
 */
const DRAFT_PREFIX = 'draft-';
export const newDraftId = (): string => `${DRAFT_PREFIX}${crypto.randomUUID()}`;
export const isDraftId = (id: string): boolean => id.startsWith(DRAFT_PREFIX);

/** Saves the whole report (`PUT /api/v1/reports`), as the spec's editor does on every change. */
export const saveReport = (report: Report): Promise<Report> => {
  const input: ReportInput & { _id: string } = {
    _id: report._id,
    name: report.name,
    orientation: report.orientation,
    user: report.user,
    sharing: report.sharing,
    content: {
      pages: report.content.pages.map((widgets) => widgets.map(({ _id, ...widget }) => (isDraftId(_id) ? widget : { ...widget, _id }))),
    },
  };
  return callApi(API.updateReport, { body: input });
};

/** How long the PDF may take: the server opens the print page in Chromium and waits for every widget. */
const PDF_TIMEOUT_MS = 120_000;

/** The report printed as a PDF (`GET /api/v1/exports/reports/{id}`): its bytes and the name the server gives it. */
export const reportPdf = (id: string) =>
  callApiForFile(API.exportReportPdf, { params: { id }, accept: API.exportReportPdf.file ?? 'application/pdf', timeoutMs: PDF_TIMEOUT_MS });
