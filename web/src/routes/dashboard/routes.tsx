import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { Crumb } from '../../features/shell/components/ribbon';
import { appRoute, guardedBy, loadTab } from '../frame';
import { warmWidgetPage } from '../warm-widget-page';

const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'dashboard',
  beforeLoad: guardedBy('app.dashboard'),
  staticData: { title: 'labels.menu.dashboard', warm: (queryClient) => warmWidgetPage(queryClient, null) },
  loader: ({ context, preload }) => {
    if (!preload) warmWidgetPage(context.queryClient, null);
    return { crumbs: [{ labelKey: 'labels.menu.dashboard' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./dashboard-page'), 'DashboardPage'),
});

const dashboardTabRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'dashboard/$tabName/$tabId',
  beforeLoad: guardedBy('app.dashboard'),
  staticData: { title: 'labels.menu.dashboard', warm: (queryClient, params) => warmWidgetPage(queryClient, params.tabId) },
  loader: async ({ context, params, preload }) => {
    if (!preload) warmWidgetPage(context.queryClient, params.tabId);
    const tab = await loadTab(context.queryClient, params.tabId, '/dashboard', undefined, preload);
    return { crumbs: [{ labelKey: 'labels.menu.dashboard', to: '/dashboard' }, { label: tab.name }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./dashboard-page'), 'DashboardTabPage'),
});

export const dashboardRoutes = [dashboardRoute, dashboardTabRoute] as const;
