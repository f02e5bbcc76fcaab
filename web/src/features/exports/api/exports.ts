import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import type { ExportCell, ExportInput } from '@shared/schemas/export';
import type { Sampling } from '@shared/series/sampling';
import { callApi } from '../../../lib/http';

export const EXPORT_KEYS = {
  all: ['exports'] as const,
  one: (id: string) => ['exports', id] as const,
  view: (id: string, endDate: string | null, sampling: Sampling | null) => ['exports', id, 'view', endDate ?? 'none', sampling ?? 'none'] as const,
};

/** A view's custom end date (a day) and sampling, or `none` for each. */
export interface ExportViewSettings {
  endDate: string | null;
  sampling: Sampling | null;
}

const viewParams = ({ endDate, sampling }: ExportViewSettings) => ({ endDate: endDate ?? 'none', sampling: sampling ?? ('none' as const) });

export const exportsQueryOptions = () => queryOptions({ queryKey: EXPORT_KEYS.all, queryFn: () => callApi(API.listExports, {}) });

/** An export and what its cells show, at a view's end date and sampling. */
export const exportViewQueryOptions = (id: string, view: ExportViewSettings = { endDate: null, sampling: null }) =>
  queryOptions({ queryKey: EXPORT_KEYS.view(id, view.endDate, view.sampling), queryFn: () => callApi(API.viewExport, { params: { id, ...viewParams(view) } }) });

export const createExport = (input: ExportInput) => callApi(API.createExport, { body: input });

export const updateExport = (id: string, input: ExportInput) => callApi(API.updateExport, { body: { ...input, _id: id } });

export const deleteExport = (id: string) => callApi(API.deleteExport, { params: { id } });

/** What one cell shows (`data[0][0]`), as the editor previews it. */
export const cellValue = async (cell: ExportCell, view: ExportViewSettings) => (await callApi(API.exportCellValue, { params: viewParams(view), body: { cell } })).data[0]?.[0] ?? null;

export const exportFileLink = (id: string, view: ExportViewSettings) => callApi(API.exportFile, { params: { id, ...viewParams(view) } });

/** `requestKey` names this send: asked again with it (after a failure), the server never e-mails twice. */
export const sendExport = (id: string, view: ExportViewSettings, requestKey: string) =>
  callApi(API.sendExport, { params: { id }, body: { end_date: view.endDate, sampling: view.sampling, request_key: requestKey } });
