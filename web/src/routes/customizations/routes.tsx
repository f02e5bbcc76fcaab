import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { customizationsQueryOptions } from '../../features/customizations/api/get-customizations';
import { appRoute, guardedBy, settingsCrumbs } from '../frame';

const customizationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/system/customization',
  staticData: { title: 'labels.menu.customization' },
  beforeLoad: guardedBy('app.settings.system.customization'),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(customizationsQueryOptions());
    return { crumbs: settingsCrumbs('labels.menu.customization') };
  },
  component: lazyRouteComponent(() => import('./customization-page'), 'CustomizationPage'),
});

export const customizationsRoutes = [customizationRoute] as const;
