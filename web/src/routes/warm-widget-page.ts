import type { QueryClient } from '@tanstack/react-query';
import { needsWidgetData } from '@shared/widgets/widget-data-needs';
import { tabsQueryOptions } from '../features/dashboard/api/tabs';
import { widgetsQueryOptions, type PageId } from '../features/dashboard/api/widgets';
import { imagesQueryOptions } from '../features/images/api/images';
import { widgetDataQueryOptions } from '../features/widgets/api/widget-data';
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
  queryClient
    .ensureQueryData(widgetsQueryOptions(page))
    .then((widgets) => {
      preloadWidgetTypes(widgets.map((widget) => widget.type));
      for (const widget of widgets) if (needsWidgetData(widget)) void queryClient.prefetchQuery(widgetDataQueryOptions(widget));
    })
    // The page shows its own error when it asks again.
    .catch(() => undefined);
};
