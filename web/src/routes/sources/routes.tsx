import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { SOURCE_TYPES, type SourceType } from '@shared/schemas/source-types';
import { sourceQueryOptions, sourcesQueryOptions } from '../../features/sources/api/sources';
import type { Crumb } from '../../features/shell/components/ribbon';
import { translate } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { appRoute, guardedBy, settingsCrumbs } from '../frame';

const SOURCES_CRUMBS: Crumb[] = [{ labelKey: 'labels.menu.settings' }, { labelKey: 'labels.menu.sources', to: '/settings/sources' }];

const sourcesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/sources',
  staticData: { title: 'labels.menu.sources' },
  beforeLoad: guardedBy('app.settings.sources'),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(sourcesQueryOptions());
    return { crumbs: settingsCrumbs('labels.menu.sources') };
  },
  component: lazyRouteComponent(() => import('./sources-page'), 'SourcesPage'),
});

/** A type of the spec's five, or back to the list. */
const sourceTypeOf = (type: string): SourceType => {
  if ((SOURCE_TYPES as readonly string[]).includes(type)) return type as SourceType;
  throw redirect({ to: '/settings/sources' });
};

const sourceCreateRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/sources/create/$type',
  staticData: { title: 'labels.pageTitles.sourceCreate' },
  beforeLoad: guardedBy('app.settings.sources'),
  loader: ({ params }) => ({
    crumbs: [...SOURCES_CRUMBS, { labelKey: `sources.form.newTitle.${sourceTypeOf(params.type)}` }] satisfies Crumb[],
  }),
  component: lazyRouteComponent(() => import('./source-page'), 'SourceCreatePage'),
});

const sourceEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/sources/edit/$type/$id',
  staticData: { title: 'labels.pageTitles.sourceEdit' },
  beforeLoad: guardedBy('app.settings.sources'),
  loader: async ({ context, params, preload }) => {
    sourceTypeOf(params.type);
    const source = await context.queryClient.ensureQueryData(sourceQueryOptions(params.id)).catch(() => null);
    if (!source) {
      if (!preload) notify({ kind: 'warning', title: translate('errors.titles.error'), message: translate('errors.pageNotFound') });
      throw redirect({ to: '/settings/sources' });
    }
    return { crumbs: [...SOURCES_CRUMBS, { label: source.name }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./source-page'), 'SourceEditPage'),
});

export const sourcesRoutes = [sourcesRoute, sourceCreateRoute, sourceEditRoute] as const;
