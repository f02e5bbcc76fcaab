import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { exportsQueryOptions, exportViewQueryOptions } from '../../features/exports/api/exports';
import type { Crumb } from '../../features/shell/components/ribbon';
import { appRoute, guardedBy, leaveWhenMissing } from '../frame';

const EXPORTS_CRUMBS: Crumb[] = [{ labelKey: 'labels.menu.exports', to: '/exports' }];

const exportsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'exports',
  staticData: { title: 'labels.menu.exports' },
  beforeLoad: guardedBy('app.exports'),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(exportsQueryOptions());
    return { crumbs: [{ labelKey: 'labels.menu.exports' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./exports-pages'), 'ExportsPage'),
});

const exportCreateRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'exports/create',
  staticData: { title: 'exports.createTitle' },
  beforeLoad: guardedBy('app.exports'),
  loader: () => ({ crumbs: [...EXPORTS_CRUMBS, { labelKey: 'exports.createTitle' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./exports-pages'), 'ExportCreatePage'),
});

/** An export's page: its crumbs name it; unknown, deleted, someone else's or another customer's goes back to the list. */
const exportPage = <Path extends 'exports/edit/$id' | 'exports/show/$id'>(path: Path, component: 'ExportEditPage' | 'ExportShowPage', title: string) =>
  createRoute({
    getParentRoute: () => appRoute,
    path,
    staticData: { title },
    beforeLoad: guardedBy('app.exports'),
    loader: async ({ context, params, preload }) => {
      const found = await context.queryClient
        .ensureQueryData(exportViewQueryOptions((params as { id: string }).id))
        .catch((error: unknown) => leaveWhenMissing(error, { preload, to: '/exports' }));
      return { crumbs: [...EXPORTS_CRUMBS, { label: found.name }] satisfies Crumb[] };
    },
    component: lazyRouteComponent(() => import('./exports-pages'), component),
  });

export const exportsRoutes = [exportsRoute, exportCreateRoute, exportPage('exports/edit/$id', 'ExportEditPage', 'exports.editTitle'), exportPage('exports/show/$id', 'ExportShowPage', 'exports.showTitle')] as const;
