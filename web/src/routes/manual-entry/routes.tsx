import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { Crumb } from '../../features/shell/components/ribbon';
import { appRoute, guardedBy } from '../frame';

const manualEntryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'manual_entry',
  staticData: { title: 'labels.menu.manualEntry' },
  beforeLoad: guardedBy('app.manual_entry'),
  loader: () => ({ crumbs: [{ labelKey: 'labels.menu.manualEntry' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./manual-entry-page'), 'ManualEntryPage'),
});

export const manualEntryRoutes = [manualEntryRoute] as const;
