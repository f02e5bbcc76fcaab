import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { alertQueryOptions, alertsQueryOptions } from '../../features/alerts/api/alerts';
import type { Crumb } from '../../features/shell/components/ribbon';
import { appRoute, guardedBy, leaveWhenMissing } from '../frame';

const ALERTS_CRUMBS: Crumb[] = [{ labelKey: 'labels.menu.alerts' }, { labelKey: 'labels.menu.alertsManagement', to: '/alerts' }];

const alertsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'alerts',
  staticData: { title: 'labels.menu.alertsManagement' },
  beforeLoad: guardedBy('app.alerts.view'),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(alertsQueryOptions());
    return { crumbs: [{ labelKey: 'labels.menu.alerts' }, { labelKey: 'labels.menu.alertsManagement' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./alerts-pages'), 'AlertsPage'),
});

const alertCreateRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'alerts/create',
  staticData: { title: 'labels.alerts.createTitle' },
  beforeLoad: guardedBy('app.alerts.view'),
  loader: () => ({ crumbs: [...ALERTS_CRUMBS, { labelKey: 'labels.alerts.createTitle' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./alerts-pages'), 'AlertCreatePage'),
});

const alertEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'alerts/edit/$id',
  staticData: { title: 'labels.alerts.editTitle' },
  beforeLoad: guardedBy('app.alerts.view'),
  loader: async ({ context, params, preload }) => {
    const alert = await context.queryClient
      .ensureQueryData(alertQueryOptions(params.id))
      // 'Alert not found' (spec 2 §8), then back to the list.
      .catch((error: unknown) => leaveWhenMissing(error, { preload, to: '/alerts', messageKey: 'errors.alert_not_found' }));
    return { crumbs: [...ALERTS_CRUMBS, { label: alert.name }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./alerts-pages'), 'AlertEditPage'),
});

const alertLogRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'alerts/log',
  staticData: { title: 'labels.menu.alertsLog' },
  // The e-mails of a firing alert link to `/alerts/log?alert=<id>`: that alert opens chosen.
  validateSearch: (search: Record<string, unknown>): { alert?: string } =>
    typeof search.alert === 'string' && /^[\w-]{1,64}$/.test(search.alert) ? { alert: search.alert } : {},
  beforeLoad: guardedBy('app.alerts.log'),
  loader: () => ({ crumbs: [{ labelKey: 'labels.menu.alerts' }, { labelKey: 'labels.menu.alertsLog' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./alerts-pages'), 'AlertLogPage'),
});

const alertHistoricalRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'alerts/historical',
  staticData: { title: 'labels.menu.alertsHistorical' },
  beforeLoad: guardedBy('app.alerts.historical'),
  loader: () => ({ crumbs: [{ labelKey: 'labels.menu.alerts' }, { labelKey: 'labels.menu.alertsHistorical' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./alerts-pages'), 'AlertHistoricalPage'),
});

export const alertsRoutes = [alertsRoute, alertCreateRoute, alertEditRoute, alertLogRoute, alertHistoricalRoute] as const;
