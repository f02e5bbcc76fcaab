import type { QueryClient } from '@tanstack/react-query';
import type { WidgetData, WidgetWithData } from '@shared/schemas/widget-data';
import type { Widget } from '@shared/schemas/widget';
import { tabsQueryOptions } from '../features/dashboard/api/tabs';
import { fetchWidgetsWithData, widgetsQueryOptions, type PageId } from '../features/dashboard/api/widgets';
import { imagesQueryOptions } from '../features/images/api/images';
import { preloadWidgetTypes } from '../features/widgets/components/widget-type-chunks';

/**
 * Starts everything a page of widgets reads, without waiting for it: the tabs, the images, the
 * page's widgets, their types' code and their data — while the page's code is still loading,
 * rather than one after the other once it has drawn. The components read the same queries, so
 * nothing is asked twice.
 *
 * A page not listed yet is listed by the one call that also brings each widget's data
 * (`widgetsWithData`): its widgets' data queries are set from that answer before the list is given
 * to the page, so no widget asks on its own, except one the answer has no data for. A page
 * already listed asks each widget's data beside the list's refresh.
 */
export const warmWidgetPage = (queryClient: QueryClient, page: PageId): void => {
  void queryClient.prefetchQuery(tabsQueryOptions());
  void queryClient.prefetchQuery(imagesQueryOptions());

  /** Each widget's data query: set from `answered` where it has the widget's data, else asked. */
  const askData = async (widgets: Widget[], answered: WidgetWithData[] = []) => {
    preloadWidgetTypes(widgets.map((widget) => widget.type));
    // The data queries' modules (with the text tokens' schemas): the page's code asks for them too,
    // so at the boot they are loaded by the time the page answers.
    const [{ widgetDataQueryOptions }, { needsWidgetData }] = await Promise.all([
      import('../features/widgets/api/widget-data'),
      import('@shared/widgets/widget-data-needs'),
    ]);
    const dataOf = new Map<string, WidgetData | null>(answered.map((widget) => [widget._id, widget.data]));
    for (const widget of widgets) {
      if (!needsWidgetData(widget)) continue;
      const options = widgetDataQueryOptions(widget);
      const data = dataOf.get(widget._id);
      if (data) queryClient.setQueryData(options.queryKey, data);
      else void queryClient.prefetchQuery(options);
    }
  };

  const list = widgetsQueryOptions(page);
  if (queryClient.getQueryData(list.queryKey) !== undefined) {
    // The page shows its own error when it asks again.
    void queryClient.ensureQueryData(list).then((widgets) => askData(widgets)).catch(() => undefined);
    return;
  }
  // The boot's warming and the route's loader share this one call (the list's query, while it is out).
  void queryClient
    .ensureQueryData({
      ...list,
      queryFn: async () => {
        const answered = await fetchWidgetsWithData(page);
        const widgets = answered.map(({ data: _data, ...widget }): Widget => widget);
        await askData(widgets, answered).catch(() => undefined);
        return widgets;
      },
    })
    .catch(() => undefined);
};
