import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { Crumb } from '../../features/shell/components/ribbon';
import { appRoute, guardedBy } from '../frame';

const aboutRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'about',
  staticData: { title: 'labels.menu.about' },
  beforeLoad: guardedBy('app.about'),
  loader: () => ({ crumbs: [{ labelKey: 'labels.menu.about' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./about-page'), 'AboutPage'),
});

export const aboutRoutes = [aboutRoute] as const;
