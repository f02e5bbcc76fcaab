import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ftpRetrieverQueryOptions, ftpRetrieversQueryOptions } from '../../features/ftp/api/ftp-retrievers';
import type { Crumb } from '../../features/shell/components/ribbon';
import { appRoute, guardedBy, leaveWhenMissing, settingsCrumbs } from '../frame';

const FTP_CRUMBS: Crumb[] = [{ labelKey: 'labels.menu.settings' }, { labelKey: 'labels.menu.ftp', to: '/settings/ftp' }];

const ftpRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/ftp',
  staticData: { title: 'labels.menu.ftp' },
  beforeLoad: guardedBy('app.settings.ftp'),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(ftpRetrieversQueryOptions());
    return { crumbs: settingsCrumbs('labels.menu.ftp') };
  },
  component: lazyRouteComponent(() => import('./ftp-pages'), 'FtpRetrieversPage'),
});

const ftpCreateRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/ftp/create',
  staticData: { title: 'labels.ftp.createTitle' },
  beforeLoad: guardedBy('app.settings.ftp'),
  loader: () => ({ crumbs: [...FTP_CRUMBS, { labelKey: 'buttons.ftp.create' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./ftp-pages'), 'FtpCreatePage'),
});

const ftpEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/ftp/edit/$id',
  staticData: { title: 'labels.ftp.editTitle' },
  beforeLoad: guardedBy('app.settings.ftp'),
  loader: async ({ context, params, preload }) => {
    const retriever = await context.queryClient
      .ensureQueryData(ftpRetrieverQueryOptions(params.id))
      .catch((error: unknown) => leaveWhenMissing(error, { preload, to: '/settings/ftp' }));
    return { crumbs: [...FTP_CRUMBS, { label: retriever.host }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./ftp-pages'), 'FtpEditPage'),
});

export const ftpRoutes = [ftpRoute, ftpCreateRoute, ftpEditRoute] as const;
