import type { QueryClient } from '@tanstack/react-query';
import { tabsQueryOptions } from '../features/dashboard/api/tabs';
import { widgetsQueryOptions, type PageId } from '../features/dashboard/api/widgets';
import { imagesQueryOptions } from '../features/images/api/images';
import { preloadWidgetTypes } from '../features/widgets/components/widget-type-chunks';

/**
 * Starts everything a page of widgets reads, without waiting for it: the tabs, the images, the
 * page's widgets and, as soon as they are known, each widget's data and its type's code — while the page's code is
 * still loading, rather than one after the other once it has drawn. The components read the same
 * queries, so nothing is asked twice.
 */
export const warmWidgetPage = (queryClient: QueryClient, page: PageId): void => {
  void queryClient.prefetchQuery(tabsQueryOptions());
  void queryClient.prefetchQuery(imagesQueryOptions());
  // The data calls' modules (with the text tokens' schemas) load beside the widgets' list, off the first screen.
  const dataQueries = Promise.all([import('../features/widgets/api/widget-data'), import('@shared/widgets/widget-data-needs')]);
  queryClient
    .ensureQueryData(widgetsQueryOptions(page))
    .then(async (widgets) => {
      preloadWidgetTypes(widgets.map((widget) => widget.type));
      const [{ widgetDataQueryOptions }, { needsWidgetData }] = await dataQueries;
      for (const widget of widgets) if (needsWidgetData(widget)) void queryClient.prefetchQuery(widgetDataQueryOptions(widget));
    })
    // The page shows its own error when it asks again.
    .catch(() => undefined);
};
