import type * as z from 'zod';
import type { FileAnswer } from '@shared/api/routes';
import type { Image } from '@shared/schemas/image';
import type { LanguageKey } from '@shared/constants';
import { widgetAt } from '@shared/reports/pages';
import type { Report, ReportWidget, reportInputSchema } from '@shared/schemas/report';
import type { WidgetData } from '@shared/schemas/widget-data';
import { deleteReport, getReport, listReportsOfCustomer, putNewReport, saveReport } from '../data/report-repository';
import { AppError } from '../errors';
import { customerOf, type Caller } from './caller';
import { newId } from './new-id';
import { imagesAmong } from './image-service';
import { ownerOfNewObject } from './owned-access';
import { renderReportPdf } from './report-pdf-service';
import { widgetData } from './widget-data-service';

type ParsedInput = z.output<typeof reportInputSchema>;

const requireReport = async (customerId: string, reportId: string): Promise<Report> => {
  const found = await getReport(customerId, reportId);
  if (!found) throw new AppError('report_not_found');
  return found;
};

/** Every widget numbered by its page and place; a widget without an id gets one of the server's. */
const pagesOf = (input: ParsedInput, keepIds: boolean): Report['content']['pages'] =>
  input.content.pages.map((widgets, page_index) =>
    widgets.map((widget, widget_index): ReportWidget => ({ ...widget, _id: keepIds && widget._id ? widget._id : newId('widget'), page_index, widget_index })),
  );

export const listReports = (caller: Caller): Promise<Report[]> => listReportsOfCustomer(customerOf(caller));

export const getReportOf = (caller: Caller, reportId: string): Promise<Report> => requireReport(customerOf(caller), reportId);

/** The images the report's image widgets show (the print page reads them here, having no gallery). */
export const reportImages = async (caller: Caller, reportId: string): Promise<Image[]> => {
  const report = await requireReport(customerOf(caller), reportId);
  const sources = report.content.pages.flat().flatMap((widget) => (widget.type === 'image' && widget.image.source ? [widget.image.source] : []));
  return imagesAmong(report.customer, sources);
};

/** `GET /exports/reports/{id}`: the report printed to PDF, as its owner sees it, in the caller's language. */
export const exportReportPdf = async (caller: Caller, reportId: string, language: LanguageKey): Promise<FileAnswer> => {
  const { fileName, content } = await renderReportPdf(customerOf(caller), reportId, language);
  return { fileName, contentType: 'application/pdf', content };
};

/** 'Add a report' (spec 2 §2): a title, one empty page. */
export const createReport = async (caller: Caller, input: ParsedInput): Promise<Report> => {
  const customerId = customerOf(caller);
  const now = new Date().toISOString();
  const created: Report = {
    _id: newId('report'),
    customer: customerId,
    user: await ownerOfNewObject(caller, customerId, input.user),
    sharing: input.sharing,
    name: input.name,
    orientation: input.orientation,
    content: { pages: pagesOf(input, false) },
    created_at: now,
    updated_at: now,
  };
  await putNewReport(created);
  return created;
};

/**
 * Saves the whole report (`PUT /api/v1/reports`). The ownership step lets through whoever may
 * change it (its owner; a super user or root on the policy's terms); the owner stays.
 */
export const updateReportOf = async (caller: Caller, input: ParsedInput & { _id: string }): Promise<Report> => {
  const existing = await requireReport(customerOf(caller), input._id);
  const updated: Report = {
    ...existing,
    name: input.name,
    orientation: input.orientation,
    sharing: input.sharing,
    content: { pages: pagesOf(input, true) },
    updated_at: new Date().toISOString(),
  };
  await saveReport(updated);
  return updated;
};

const COPY: Record<LanguageKey, string> = { fr: 'copie', en: 'copy' };

/** A copy of a report the caller may read, theirs and not shared, its widgets with new ids. */
export const cloneReport = async (caller: Caller, reportId: string, language: LanguageKey): Promise<Report> => {
  const customerId = customerOf(caller);
  const source = await requireReport(customerId, reportId);
  const now = new Date().toISOString();
  const copy: Report = {
    ...source,
    _id: newId('report'),
    user: caller.userId,
    sharing: { shared: false },
    name: `${source.name} (${COPY[language] ?? COPY.fr})`.slice(0, 200),
    content: { pages: source.content.pages.map((widgets) => widgets.map((widget) => ({ ...widget, _id: newId('widget') }))) },
    created_at: now,
    updated_at: now,
  };
  await putNewReport(copy);
  return copy;
};

export const deleteReportOf = async (caller: Caller, reportId: string) => {
  const customerId = customerOf(caller);
  await requireReport(customerId, reportId);
  await deleteReport(customerId, reportId);
  return { deleted: reportId };
};

/** `GET /reports/{id}/gws/{page}/{widget}`: what that widget shows, as on a dashboard. */
export const reportWidgetData = async (caller: Caller, reportId: string, pageIndex: number, widgetIndex: number): Promise<WidgetData> => {
  const report = await requireReport(customerOf(caller), reportId);
  const widget = widgetAt(report.content.pages, pageIndex, widgetIndex);
  if (widget === 'page_not_found') throw new AppError('report_page_not_found');
  if (widget === 'widget_not_found') throw new AppError('report_widget_not_found');
  return widgetData(caller, { ...widget, location: null });
};
