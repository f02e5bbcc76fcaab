import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { Crumb } from '../../features/shell/components/ribbon';
import { appRoute, guardedBy } from '../frame';

const notificationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'notifications',
  staticData: { title: 'labels.notificationsPage.title' },
  beforeLoad: guardedBy('app.notifications'),
  loader: () => ({ crumbs: [{ labelKey: 'labels.notificationsPage.title' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./notifications-page'), 'NotificationsPage'),
});

export const notificationsRoutes = [notificationsRoute] as const;
