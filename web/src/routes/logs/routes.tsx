import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute, guardedBy, settingsCrumbs } from '../frame';

const logsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/system/logs',
  staticData: { title: 'labels.menu.logs' },
  beforeLoad: guardedBy('app.settings.system.logs'),
  loader: () => ({ crumbs: settingsCrumbs('labels.menu.logs') }),
  component: lazyRouteComponent(() => import('./logs-page'), 'LogsPage'),
});

export const logsRoutes = [logsRoute] as const;
