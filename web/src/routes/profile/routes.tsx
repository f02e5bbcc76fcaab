import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute, guardedBy, settingsCrumbs } from '../frame';

const profileRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/profile',
  staticData: { title: 'labels.menu.profile' },
  beforeLoad: guardedBy('app.settings.profile'),
  loader: () => ({ crumbs: settingsCrumbs('labels.menu.profile') }),
  component: lazyRouteComponent(() => import('./profile-page'), 'ProfilePage'),
});

export const profileRoutes = [profileRoute] as const;
