import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { Crumb } from '../../features/shell/components/ribbon';
import { appRoute, guardedBy, loadTab } from '../frame';
import { warmWidgetPage } from '../warm-widget-page';

/** /dashboard/{tab_name}/{tab_id}: one of the dashboard's tabs rather than the dashboard's own widgets. */
const isTabPath = (pathname: string) => pathname.split('/').filter(Boolean).length > 1;

/**
 * The dashboard, its tabs as a child route without a page of their own: moving between the
 * dashboard and a tab keeps the page (and the tab bar with the keyboard's focus) rather than
 * drawing another one.
 */
const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'dashboard',
  beforeLoad: guardedBy('app.dashboard'),
  // On one of its tabs, the tab's route warms the tab's widgets instead.
  staticData: {
    title: 'labels.menu.dashboard',
    warm: (queryClient, params) => {
      if (params.tabId === undefined) warmWidgetPage(queryClient, null);
    },
  },
  loader: ({ context, location, preload }) => {
    if (!preload && !isTabPath(location.pathname)) warmWidgetPage(context.queryClient, null);
    return { crumbs: [{ labelKey: 'labels.menu.dashboard', to: '/dashboard' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./dashboard-page'), 'DashboardPage'),
});

const dashboardTabRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: '$tabName/$tabId',
  staticData: { warm: (queryClient, params) => warmWidgetPage(queryClient, params.tabId) },
  loader: async ({ context, params, preload }) => {
    if (!preload) warmWidgetPage(context.queryClient, params.tabId);
    const tab = await loadTab(context.queryClient, params.tabId, '/dashboard', undefined, preload);
    return { crumbs: [{ label: tab.name }] satisfies Crumb[] };
  },
});

export const dashboardRoutes = [dashboardRoute.addChildren([dashboardTabRoute])] as const;
