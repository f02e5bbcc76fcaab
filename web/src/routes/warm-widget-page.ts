import type { QueryClient } from '@tanstack/react-query';
import type { WidgetData } from '@shared/schemas/widget-data';
import type { Widget } from '@shared/schemas/widget';
import { tabsQueryOptions } from '../features/dashboard/api/tabs';
import { fetchWidgetsOf, fetchWidgetsWithData, widgetsQueryOptions, type PageId } from '../features/dashboard/api/widgets';
import { imagesQueryOptions } from '../features/images/api/images';
import { preloadWidgetTypes } from '../features/widgets/components/widget-type-chunks';

/**
 * Starts everything a page of widgets reads, without waiting for it: the tabs, the images, the
 * page's widgets, their types' code and their data — while the page's code is still loading,
 * rather than one after the other once it has drawn. The components read the same queries, so
 * nothing is asked twice.
 *
 * A page not listed yet asks its widgets' data in one call beside its list (`widgetsWithData`)
 * rather than once the list is known: each widget's data query waits for that answer, and asks
 * on its own only where the answer has nothing for it (or had another version of the widget).
 * The data queries are set before the list is given to the page, so no widget asks first.
 * A page already listed asks each widget's data beside the list's refresh.
 */
export const warmWidgetPage = (queryClient: QueryClient, page: PageId): void => {
  void queryClient.prefetchQuery(tabsQueryOptions());
  void queryClient.prefetchQuery(imagesQueryOptions());
  const list = widgetsQueryOptions(page);
  const listed = queryClient.getQueryData(list.queryKey) !== undefined;
  // A query of its own so that the boot's warming and the route's loader share one call; dropped once answered.
  const drawn = listed
    ? Promise.resolve([])
    : queryClient.fetchQuery({ queryKey: ['dashboard', 'widgets-with-data', page ?? 'dashboard'], queryFn: () => fetchWidgetsWithData(page), gcTime: 0 }).catch(() => []);
  const drawnDataOf = async (widget: Widget): Promise<WidgetData | null> =>
    (await drawn).find((candidate) => candidate._id === widget._id && candidate.updated_at === widget.updated_at)?.data ?? null;

  const askData = async (widgets: Widget[]) => {
    preloadWidgetTypes(widgets.map((widget) => widget.type));
    // The data queries' modules (with the text tokens' schemas): the page's code asks for them too,
    // so at the boot they are loaded by the time the list answers.
    const [{ widgetDataQueryOptions, fetchWidgetData }, { needsWidgetData }] = await Promise.all([
      import('../features/widgets/api/widget-data'),
      import('@shared/widgets/widget-data-needs'),
    ]);
    for (const widget of widgets) {
      if (!needsWidgetData(widget)) continue;
      void queryClient.prefetchQuery({ ...widgetDataQueryOptions(widget), queryFn: async () => (await drawnDataOf(widget)) ?? fetchWidgetData(widget) });
    }
  };
  const widgets = queryClient.ensureQueryData({
    ...list,
    queryFn: async () => {
      const shown = await fetchWidgetsOf(page);
      await askData(shown).catch(() => undefined);
      return shown;
    },
  });
  // The page shows its own error when it asks again.
  if (listed) void widgets.then(askData).catch(() => undefined);
  else void widgets.catch(() => undefined);
};
