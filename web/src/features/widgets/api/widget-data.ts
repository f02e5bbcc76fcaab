import { queryOptions, useQuery, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import type { WidgetSettings } from '@shared/schemas/widget';
import type { WidgetData } from '@shared/schemas/widget-data';
import { findTokens, tokenKey } from '@shared/widgets/text-tokens';
import { needsWidgetData } from '@shared/widgets/widget-data-needs';
import { callApi } from '../../../lib/http';

/** A widget as the data call reads it: its settings and the page it lives on. */
export type DataWidget = WidgetSettings & { location?: string | null };

/** Every widget's data lives under this key: the dashboard invalidates it when new data arrives. */
export const WIDGET_DATA_KEY = ['widget-data'] as const;

export const fetchWidgetData = (widget: DataWidget): Promise<WidgetData> =>
  callApi(API.widgetData, { body: { widget: { ...widget, location: widget.location ?? null } } });

/** The settings that change the answer; moving a widget, renaming it or recolouring a point asks nothing again. */
const dataSettingsOf = (widget: DataWidget) => ({
  type: widget.type,
  location: widget.location ?? null,
  period_type: widget.period_type,
  period: widget.period,
  sampling: widget.sampling,
  offset: widget.offset,
  start_date: widget.start_date,
  end_date: widget.end_date,
  points: widget.points.map(({ _id, calculation, unit_conversion, visible }) => ({ _id, calculation, unit_conversion, visible })),
  superimpose: widget.superimpose,
  superimpose_filter: widget.superimpose_filter,
  compare_periods: widget.compare_periods,
  normalisation: widget.normalisation,
  tokens:
    widget.type === 'text'
      ? [...new Set(findTokens(widget.text).flatMap(({ token }) => (token.kind === 'value' ? [tokenKey(token)] : [])))].sort()
      : [],
});

/** One call per widget, keyed by what it asks. */
export const widgetDataQueryOptions = (widget: DataWidget) =>
  queryOptions({
    queryKey: [...WIDGET_DATA_KEY, dataSettingsOf(widget)],
    queryFn: () => fetchWidgetData(widget),
    enabled: needsWidgetData(widget),
  });

/** Another source of a widget's data than its settings: a report's print page reads each widget by its place in the report. */
export interface WidgetDataQuery {
  queryKey: QueryKey;
  queryFn: () => Promise<WidgetData>;
}

export const useWidgetData = (widget: DataWidget, source?: WidgetDataQuery): UseQueryResult<WidgetData> =>
  useQuery<WidgetData, Error, WidgetData, QueryKey>({
    queryKey: source ? source.queryKey : widgetDataQueryOptions(widget).queryKey,
    queryFn: source ? source.queryFn : () => fetchWidgetData(widget),
    enabled: needsWidgetData(widget),
  });
