import type { WidgetSettings } from '../schemas/widget';
import type { WidgetData } from '../schemas/widget-data';
import { frameHasValues } from './frame-rows';
import { hasValueTokens } from './text-rendering';

/** Whether a widget asks the server at all: an image never, a text only for point values, the rest when they have points. */
export const needsWidgetData = (widget: Pick<WidgetSettings, 'type' | 'text' | 'points'>): boolean => {
  if (widget.type === 'image') return false;
  if (widget.type === 'text') return hasValueTokens(widget.text);
  return widget.points.length > 0;
};

/** Whether the points have anything to show in the period: otherwise the widget says 'No data for this period'. */
export const hasWidgetValues = (type: WidgetSettings['type'], data: WidgetData | null): boolean => {
  if (type === 'text' || type === 'image') return true;
  if (!data) return false;
  if (type === 'trend') return data.trend !== null && (data.trend.current !== null || data.trend.previous !== null);
  if (type === 'IPMVP') return data.ipmvp !== null && [data.ipmvp.baseline, data.ipmvp.target, data.ipmvp.actual].some((value) => value !== null);
  return (
    frameHasValues(data.frame) ||
    (data.superimposed ?? []).some((year) => year.values.some((value) => value !== null)) ||
    (data.raw ?? []).some((column) => column.rows.length > 0)
  );
};
