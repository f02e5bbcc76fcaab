import type { WidgetSettings, WidgetType } from '../schemas/widget';

/** What a widget's frame draws around its content, besides the page's own controls (edit, copy, delete). */
export interface WidgetChrome {
  titleBar: boolean;
  periodNavigation: boolean;
  csvExport: boolean;
}

/** A text's tokens name their own periods and an image has none: nothing to navigate. */
const PERIODLESS: ReadonlySet<WidgetType> = new Set(['text', 'image']);

/**
 * 'Show the chart only' (spec 1 §3.3, a chart's setting): the chart alone, without its title bar,
 * period navigation or export button. The page's controls stay in a corner, as under a hidden title
 * bar, so that the widget can still be changed; axes and legend keep their own settings.
 */
export const widgetChromeOf = (widget: Pick<WidgetSettings, 'type' | 'hidden_title_bar' | 'show_only_chart'>): WidgetChrome => {
  const chartOnly = widget.type === 'chart' && widget.show_only_chart;
  return {
    titleBar: !widget.hidden_title_bar && !chartOnly,
    periodNavigation: !PERIODLESS.has(widget.type) && !chartOnly,
    csvExport: !chartOnly,
  };
};
