import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute, guardedBy, settingsCrumbs } from '../frame';

const filesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/files',
  staticData: { title: 'labels.menu.files' },
  beforeLoad: guardedBy('app.settings.files'),
  loader: () => ({ crumbs: settingsCrumbs('labels.menu.files') }),
  component: lazyRouteComponent(() => import('./files-page'), 'FilesPage'),
});

export const filesRoutes = [filesRoute] as const;
