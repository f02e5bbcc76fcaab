import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { locationLabel } from '@shared/permissions/location-visibility';
import type { Crumb } from '../../features/shell/components/ribbon';
import { translate } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { getSession } from '../../lib/session';
import { findLocation, locationSlug, visibleLocationsOf } from '../../lib/visible-locations';
import { appRoute, guardedBy, loadTab } from '../frame';
import { warmWidgetPage } from '../warm-widget-page';

/** /locations/{name}/{id}/{tab_name}/{tab_id}: one of the location's tabs rather than its own page. */
const isTabPath = (pathname: string) => pathname.split('/').filter(Boolean).length > 3;

const LOCATIONS_CRUMB: Crumb = { labelKey: 'labels.menu.locations', to: '/locations' };

const locationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'locations',
  staticData: { title: 'labels.menu.locations' },
  beforeLoad: guardedBy('app.locations'),
  loader: () => ({ crumbs: [{ labelKey: 'labels.menu.locations' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./locations-page'), 'LocationsPage'),
});

const locationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'locations/$name/$id',
  beforeLoad: guardedBy('app.locations'),
  // The location's own widgets; on one of its tabs, the tab's route warms the tab's instead.
  staticData: {
    title: 'labels.menu.locations',
    warm: (queryClient, params) => {
      if (params.tabId === undefined) warmWidgetPage(queryClient, params.id);
    },
  },
  loader: ({ context, location, params, preload }) => {
    const session = getSession();
    const entry = session.status === 'logged-in' ? findLocation(visibleLocationsOf(session.payload), params.id) : null;
    if (!entry?.location.clickable) {
      if (!preload) {
        notify(
          entry
            ? { kind: 'warning', title: translate('errors.titles.unauthorized'), message: translate('errors.access.rights') }
            : { kind: 'warning', title: translate('errors.titles.error'), message: translate('errors.pageNotFound') },
        );
      }
      throw redirect({ to: '/dashboard' });
    }
    const crumbs: Crumb[] = [
      LOCATIONS_CRUMB,
      ...entry.ancestors.map((ancestor) => ({
        label: locationLabel(ancestor),
        ...(ancestor.clickable ? { to: '/locations/$name/$id', params: { name: locationSlug(ancestor), id: ancestor._id } } : {}),
      })),
      { label: locationLabel(entry.location) },
    ];
    if (!preload && !isTabPath(location.pathname)) warmWidgetPage(context.queryClient, params.id);
    return { entry, crumbs };
  },
  component: lazyRouteComponent(() => import('./location-page'), 'LocationPage'),
});

const locationTabRoute = createRoute({
  getParentRoute: () => locationRoute,
  path: '$tabName/$tabId',
  staticData: { warm: (queryClient, params) => warmWidgetPage(queryClient, params.tabId) },
  loader: async ({ context, params, preload }) => {
    if (!preload) warmWidgetPage(context.queryClient, params.tabId);
    const tab = await loadTab(context.queryClient, params.tabId, '/locations/$name/$id', { name: params.name, id: params.id }, preload);
    return { crumbs: [{ label: tab.name }] satisfies Crumb[] };
  },
});

export const locationsRoutes = [locationsRoute, locationRoute.addChildren([locationTabRoute])] as const;
