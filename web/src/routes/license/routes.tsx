import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { licenseQueryOptions } from '../../features/license/api/license';
import { appRoute, guardedBy, settingsCrumbs } from '../frame';

const licenseRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/system/license',
  staticData: { title: 'labels.menu.license' },
  beforeLoad: guardedBy('app.settings.system.license'),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(licenseQueryOptions());
    return { crumbs: settingsCrumbs('labels.menu.license') };
  },
  component: lazyRouteComponent(() => import('./license-page'), 'LicensePage'),
});

export const licenseRoutes = [licenseRoute] as const;
