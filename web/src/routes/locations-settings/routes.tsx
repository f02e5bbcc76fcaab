import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute, guardedBy, settingsCrumbs } from '../frame';

const locationsAndPointsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/locations_and_points',
  staticData: { title: 'labels.menu.locationsAndPoints' },
  // The optional location parameter of spec 3 §2: a location id, 'all' or 'alone'.
  validateSearch: (search: Record<string, unknown>): { location?: string } =>
    typeof search.location === 'string' && /^[\w-]{1,64}$/.test(search.location) ? { location: search.location } : {},
  beforeLoad: guardedBy('app.settings.locations_and_points'),
  loader: () => ({ crumbs: settingsCrumbs('labels.menu.locationsAndPoints') }),
  component: lazyRouteComponent(() => import('./locations-and-points-page'), 'LocationsAndPointsPage'),
});

export const locationsSettingsRoutes = [locationsAndPointsRoute] as const;
