import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import { callApi } from '../../../lib/http';

/**
 * What the print page reads (`/reports/phantom/edit/{id}/{token}`): the report and each widget's
 * data by its place and the images its image widgets show, with the print token of the address
 * instead of a session. The server lets that token read these routes of that one report only.
 */
export interface PrintAccess {
  reportId: string;
  token: string;
}

const PRINT_KEY = ['printed-report'] as const;

export const printedReportQueryOptions = ({ reportId, token }: PrintAccess) =>
  queryOptions({
    queryKey: [...PRINT_KEY, reportId, token],
    queryFn: () => callApi(API.getReport, { params: { id: reportId }, bearer: token }),
    staleTime: Infinity,
  });

export const printedWidgetDataQuery = ({ reportId, token }: PrintAccess, pageIndex: number, widgetIndex: number) => ({
  queryKey: [...PRINT_KEY, reportId, token, 'gws', pageIndex, widgetIndex] as const,
  queryFn: () => callApi(API.reportWidgetData, { params: { id: reportId, pageIndex: String(pageIndex), widgetIndex: String(widgetIndex) }, bearer: token }),
});

export const printedImagesQueryOptions = ({ reportId, token }: PrintAccess) =>
  queryOptions({
    queryKey: [...PRINT_KEY, reportId, token, 'images'],
    queryFn: () => callApi(API.reportImages, { params: { id: reportId }, bearer: token }),
    staleTime: Infinity,
  });
