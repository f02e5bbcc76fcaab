import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { markersQueryOptions } from '../../features/maplytics/api/maplytics';
import type { Crumb } from '../../features/shell/components/ribbon';
import { appRoute, guardedBy } from '../frame';

/** /maplytics (spec 2 §2): premium; the map's code (maplibre) loads with the page, never before. */
const maplyticsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'maplytics',
  staticData: { title: 'labels.menu.maplytics' },
  // The chosen site lives in the URL (`?location=`), so a reload or a shared link opens its panel.
  validateSearch: (search: Record<string, unknown>): { location?: string } =>
    typeof search.location === 'string' && /^[\w-]{1,64}$/.test(search.location) ? { location: search.location } : {},
  beforeLoad: guardedBy('app.maplytics'),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(markersQueryOptions());
    return { crumbs: [{ labelKey: 'labels.menu.maplytics' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./maplytics-page'), 'MaplyticsPage'),
});

export const maplyticsRoutes = [maplyticsRoute] as const;
