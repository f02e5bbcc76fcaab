import type { QueryClient } from '@tanstack/react-query';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import {
  ALL_LOCATIONS,
  locationTreeQueryOptions,
  pointDefinitionsQueryOptions,
  pointPagesOfSelectionQueryOptions,
} from '../../features/locations-settings/api/locations-and-points-queries';
import { appRoute, guardedBy, settingsCrumbs } from '../frame';

/** The optional location parameter of spec 3 §2: a location id, 'all' or 'alone'. */
const selectionOf = (value: unknown): string | undefined => (typeof value === 'string' && /^[\w-]{1,64}$/.test(value) ? value : undefined);

/**
 * Starts what the screen reads first, without waiting for it: the tree, the points' definitions and
 * the selection's first page of points — beside the page's code (and, on a reload, the session's
 * renewal) rather than once the screen has drawn. Their queries come with the shell (a small module:
 * the route table, the HTTP client), so that at boot they go out with the renewal, not once the
 * first screen's code has arrived and run.
 */
const warmLocationsAndPoints = (queryClient: QueryClient, selection: string | undefined) => {
  void queryClient.prefetchQuery(locationTreeQueryOptions());
  void queryClient.prefetchQuery(pointDefinitionsQueryOptions());
  void queryClient.prefetchInfiniteQuery(pointPagesOfSelectionQueryOptions(selection ?? ALL_LOCATIONS, ''));
};

const locationsAndPointsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/locations_and_points',
  staticData: {
    title: 'labels.menu.locationsAndPoints',
    // At the boot, the selection is the address bar's.
    warm: (queryClient) => warmLocationsAndPoints(queryClient, selectionOf(new URLSearchParams(window.location.search).get('location'))),
  },
  validateSearch: (search: Record<string, unknown>): { location?: string } => {
    const location = selectionOf(search.location);
    return location ? { location } : {};
  },
  beforeLoad: guardedBy('app.settings.locations_and_points'),
  loaderDeps: ({ search }) => ({ location: search.location }),
  loader: ({ context, deps, preload }) => {
    if (!preload) warmLocationsAndPoints(context.queryClient, deps.location);
    return { crumbs: settingsCrumbs('labels.menu.locationsAndPoints') };
  },
  component: lazyRouteComponent(() => import('./locations-and-points-page'), 'LocationsAndPointsPage'),
});

export const locationsSettingsRoutes = [locationsAndPointsRoute] as const;
