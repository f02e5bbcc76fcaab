import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import type { Widget, WidgetInput, WidgetLayoutChange, WidgetUpdate } from '@shared/schemas/widget';
import type { WidgetWithData } from '@shared/schemas/widget-data';
import { callApi } from '../../../lib/http';

/** The page a widget lives on: a tab, a location page, or null for the dashboard. */
export type PageId = string | null;

export const WIDGET_KEYS = { page: (page: PageId) => ['dashboard', 'widgets', page ?? 'dashboard'] as const };

const fetchWidgetsOf = (page: PageId): Promise<Widget[]> =>
  page === null ? callApi(API.listDashboardWidgets, {}) : callApi(API.listWidgetsOfPage, { params: { id: page } });

export const widgetsQueryOptions = (page: PageId) => queryOptions({ queryKey: WIDGET_KEYS.page(page), queryFn: () => fetchWidgetsOf(page) });

/** A page's widgets with what each shows, in one call: its first screen, which does not wait for the list to ask the data. */
export const fetchWidgetsWithData = (page: PageId): Promise<WidgetWithData[]> => callApi(API.widgetsWithData, { body: { page } });

export const createWidget = (widget: WidgetInput): Promise<Widget> => callApi(API.createWidget, { body: { data: widget } });

export const updateWidget = (widget: WidgetUpdate): Promise<Widget> => callApi(API.updateWidget, { body: widget });

export const deleteWidget = (id: string) => callApi(API.deleteWidget, { params: { id } });

/** A move or resize: only these attributes are written, so concurrent moves and edits all keep theirs. */
export const updateWidgetLayout = (id: string, layout: WidgetLayoutChange): Promise<Widget> => callApi(API.updateWidgetLayout, { params: { id }, body: layout });
