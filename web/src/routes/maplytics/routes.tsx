import type { QueryClient } from '@tanstack/react-query';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { markersQueryOptions } from '../../features/maplytics/api/maplytics';
import type { Crumb } from '../../features/shell/components/ribbon';
import { config } from '../../config';
import { appRoute, guardedBy } from '../frame';

/**
 * Starts the sites' markers and the map's basemap (its style, or the bundled one's files) together,
 * beside the page's code and, on a reload, the session's renewal: the map no longer asks for its
 * basemap only once the markers have answered and it has mounted.
 */
const warmMaplytics = (queryClient: QueryClient) => {
  void queryClient.prefetchQuery(markersQueryOptions());
  void import('../../features/maplytics/hooks/basemap').then(({ startBasemap }) => startBasemap(config().mapStyleUrl));
};

/** /maplytics (spec 2 §2): premium; the map's code (maplibre) loads with the page, never before. */
const maplyticsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'maplytics',
  staticData: { title: 'labels.menu.maplytics', warm: warmMaplytics },
  // The chosen site lives in the URL (`?location=`), so a reload or a shared link opens its panel.
  validateSearch: (search: Record<string, unknown>): { location?: string } =>
    typeof search.location === 'string' && /^[\w-]{1,64}$/.test(search.location) ? { location: search.location } : {},
  beforeLoad: guardedBy('app.maplytics'),
  // The markers are not awaited: the page (its map on the sea, the site list's frame) is drawn while they load, so
  // that the map's creation overlaps the call; the map says it is ready once its markers are drawn.
  loader: ({ context, preload }) => {
    if (!preload) warmMaplytics(context.queryClient);
    return { crumbs: [{ labelKey: 'labels.menu.maplytics' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./maplytics-page'), 'MaplyticsPage'),
});

export const maplyticsRoutes = [maplyticsRoute] as const;
