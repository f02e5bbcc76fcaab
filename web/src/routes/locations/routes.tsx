import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { locationLabel } from '@shared/permissions/location-visibility';
import type { Crumb } from '../../features/shell/components/ribbon';
import { translate } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { getSession } from '../../lib/session';
import { findLocation, locationSlug, visibleLocationsOf } from '../../lib/visible-locations';
import { appRoute, guardedBy, loadTab } from '../frame';

const LOCATIONS_CRUMB: Crumb = { labelKey: 'labels.menu.locations', to: '/locations' };

const locationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'locations',
  beforeLoad: guardedBy('app.locations'),
  loader: () => ({ crumbs: [{ labelKey: 'labels.menu.locations' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./locations-page'), 'LocationsPage'),
});

const locationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'locations/$name/$id',
  beforeLoad: guardedBy('app.locations'),
  loader: ({ params, preload }) => {
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
    return { entry, crumbs };
  },
  component: lazyRouteComponent(() => import('./location-page'), 'LocationPage'),
});

const locationTabRoute = createRoute({
  getParentRoute: () => locationRoute,
  path: '$tabName/$tabId',
  loader: async ({ context, params, preload }) => {
    const tab = await loadTab(context.queryClient, params.tabId, '/locations/$name/$id', { name: params.name, id: params.id }, preload);
    return { crumbs: [{ label: tab.name }] satisfies Crumb[] };
  },
});

export const locationsRoutes = [locationsRoute, locationRoute.addChildren([locationTabRoute])] as const;
