import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { locationLabel } from '@shared/permissions/location-visibility';
import { customizationsQueryOptions } from '../features/customizations/api/get-customizations';
import { sourceQueryOptions, sourcesQueryOptions } from '../features/sources/api/sources';
import { tabsQueryOptions } from '../features/dashboard/api/tabs';
import { ftpRetrieverQueryOptions, ftpRetrieversQueryOptions } from '../features/ftp/api/ftp-retrievers';
import { reminderQueryOptions, remindersQueryOptions } from '../features/reminders/api/reminders';
import { alertQueryOptions, alertsQueryOptions } from '../features/alerts/api/alerts';
import { ApiRequestError } from '../lib/http';
import { findLocation, locationSlug, visibleLocationsOf } from '../lib/visible-locations';
import { translate } from '../lib/i18n';
import { notify } from '../lib/notify';
import { endSession, getSession } from '../lib/session';
import { SOURCE_TYPES, type SourceType } from '@shared/schemas/source';
import type { Crumb } from '../features/shell/components/ribbon';
import { isSignedIn, requireAccess, requireSession } from './guards';
import { isLocked, lockSession } from '../lib/lock';
import { RouteError, RoutePending } from './route-feedback';

export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: RouteError,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: isSignedIn() ? '/dashboard' : '/login' });
  },
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  beforeLoad: () => {
    if (isSignedIn()) throw redirect({ to: '/dashboard' });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(customizationsQueryOptions()),
  component: lazyRouteComponent(() => import('./login-page'), 'LoginPage'),
});

/** The sign-in variant that never signs in from stored credentials (spec 1 §2.1; see useRestoreSession). */
const realLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'real-login',
  loader: ({ context }) => context.queryClient.ensureQueryData(customizationsQueryOptions()),
  component: lazyRouteComponent(() => import('./login-page'), 'LoginPage'),
});

/** The lock screen: the session stays, no page shows until the password is given again. */
const lockRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'lock',
  beforeLoad: ({ preload }) => {
    if (!isSignedIn()) throw redirect({ to: '/login' });
    if (!preload && !isLocked()) lockSession('/dashboard');
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(customizationsQueryOptions()),
  component: lazyRouteComponent(() => import('./lock-page'), 'LockPage'),
});

const logoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'logout',
  beforeLoad: ({ context, preload }) => {
    if (preload) return;
    endSession();
    context.queryClient.clear();
    throw redirect({ to: '/login' });
  },
});

/** Every signed-in page sits under this frame. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_app',
  beforeLoad: ({ preload }) => requireSession({ preload }),
  loader: ({ context }) => context.queryClient.ensureQueryData(customizationsQueryOptions()),
  component: lazyRouteComponent(() => import('./app-layout'), 'AppLayoutRoute'),
});

const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'dashboard',
  beforeLoad: ({ preload }) => requireAccess('app.dashboard', { preload }),
  loader: () => ({ crumbs: [{ labelKey: 'labels.menu.dashboard' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./dashboard-page'), 'DashboardPage'),
});

/** A tab of a page, or back to the page with 'The page requested does not exist' when it is not one the user sees. */
const loadTab = async (queryClient: QueryClient, tabId: string, pageTo: string, pageParams: Record<string, string> | undefined, preload: boolean) => {
  const tabs = await queryClient.ensureQueryData(tabsQueryOptions());
  const tab = tabs.find((candidate) => candidate._id === tabId);
  if (!tab) {
    if (!preload) notify({ kind: 'warning', title: translate('errors.titles.error'), message: translate('errors.pageNotFound') });
    throw redirect({ to: pageTo, params: pageParams as never });
  }
  return tab;
};

const dashboardTabRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'dashboard/$tabName/$tabId',
  beforeLoad: ({ preload }) => requireAccess('app.dashboard', { preload }),
  loader: async ({ context, params, preload }) => {
    const tab = await loadTab(context.queryClient, params.tabId, '/dashboard', undefined, preload);
    return { crumbs: [{ labelKey: 'labels.menu.dashboard', to: '/dashboard' }, { label: tab.name }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./dashboard-page'), 'DashboardTabPage'),
});

const LOCATIONS_CRUMB: Crumb = { labelKey: 'labels.menu.locations', to: '/locations' };

const locationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'locations',
  beforeLoad: ({ preload }) => requireAccess('app.locations', { preload }),
  loader: () => ({ crumbs: [{ labelKey: 'labels.menu.locations' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./locations-page'), 'LocationsPage'),
});

const locationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'locations/$name/$id',
  beforeLoad: ({ preload }) => requireAccess('app.locations', { preload }),
  loader: ({ params, preload }) => {
    const session = getSession();
    const entry = session.status === 'logged-in' ? findLocation(visibleLocationsOf(session.payload), params.id) : null;
    if (!entry?.location.clickable) {
      if (!preload) {
        notify(
          entry
            ? { kind: 'warning', title: translate('errors.titles.unauthorized'), message: translate('errors.access.rights') }
            : { kind: 'warning', title: translate('errors.titles.error'), message: translate('errors.pageNotFound') },
        );
      }
      throw redirect({ to: '/dashboard' });
    }
    const crumbs: Crumb[] = [
      LOCATIONS_CRUMB,
      ...entry.ancestors.map((ancestor) => ({
        label: locationLabel(ancestor),
        ...(ancestor.clickable ? { to: '/locations/$name/$id', params: { name: locationSlug(ancestor), id: ancestor._id } } : {}),
      })),
      { label: locationLabel(entry.location) },
    ];
    return { entry, crumbs };
  },
  component: lazyRouteComponent(() => import('./location-page'), 'LocationPage'),
});

const locationTabRoute = createRoute({
  getParentRoute: () => locationRoute,
  path: '$tabName/$tabId',
  loader: async ({ context, params, preload }) => {
    const tab = await loadTab(context.queryClient, params.tabId, '/locations/$name/$id', { name: params.name, id: params.id }, preload);
    return { crumbs: [{ label: tab.name }] satisfies Crumb[] };
  },
});

const manualEntryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'manual_entry',
  beforeLoad: ({ preload }) => requireAccess('app.manual_entry', { preload }),
  loader: () => ({ crumbs: [{ labelKey: 'labels.menu.manualEntry' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./manual-entry-page'), 'ManualEntryPage'),
});

const locationsAndPointsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/locations_and_points',
  // The optional location parameter of spec 3 §2: a location id, 'all' or 'alone'.
  validateSearch: (search: Record<string, unknown>): { location?: string } =>
    typeof search.location === 'string' && /^[\w-]{1,64}$/.test(search.location) ? { location: search.location } : {},
  beforeLoad: ({ preload }) => requireAccess('app.settings.locations_and_points', { preload }),
  loader: () => ({
    crumbs: [{ labelKey: 'labels.menu.settings' }, { labelKey: 'labels.menu.locationsAndPoints' }] satisfies Crumb[],
  }),
  component: lazyRouteComponent(() => import('./locations-and-points-page'), 'LocationsAndPointsPage'),
});

const filesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/files',
  beforeLoad: ({ preload }) => requireAccess('app.settings.files', { preload }),
  loader: () => ({
    crumbs: [{ labelKey: 'labels.menu.settings' }, { labelKey: 'labels.menu.files' }] satisfies Crumb[],
  }),
  component: lazyRouteComponent(() => import('./files-page'), 'FilesPage'),
});

const FTP_CRUMBS: Crumb[] = [{ labelKey: 'labels.menu.settings' }, { labelKey: 'labels.menu.ftp', to: '/settings/ftp' }];

const ftpRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/ftp',
  beforeLoad: ({ preload }) => requireAccess('app.settings.ftp', { preload }),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(ftpRetrieversQueryOptions());
    return { crumbs: [{ labelKey: 'labels.menu.settings' }, { labelKey: 'labels.menu.ftp' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./ftp-pages'), 'FtpRetrieversPage'),
});

const ftpCreateRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/ftp/create',
  beforeLoad: ({ preload }) => requireAccess('app.settings.ftp', { preload }),
  loader: () => ({ crumbs: [...FTP_CRUMBS, { labelKey: 'buttons.ftp.create' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./ftp-pages'), 'FtpCreatePage'),
});

const ftpEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/ftp/edit/$id',
  beforeLoad: ({ preload }) => requireAccess('app.settings.ftp', { preload }),
  loader: async ({ context, params, preload }) => {
    try {
      const retriever = await context.queryClient.ensureQueryData(ftpRetrieverQueryOptions(params.id));
      return { crumbs: [...FTP_CRUMBS, { label: retriever.host }] satisfies Crumb[] };
    } catch (error) {
      // Unknown, deleted or another customer's retriever: back to the list with 'The page requested does not exist'.
      if (!(error instanceof ApiRequestError) || error.status !== 404) throw error;
      if (!preload) notify({ kind: 'warning', title: translate('errors.titles.error'), message: translate('errors.pageNotFound') });
      throw redirect({ to: '/settings/ftp' });
    }
  },
  component: lazyRouteComponent(() => import('./ftp-pages'), 'FtpEditPage'),
});

const SOURCES_CRUMBS: Crumb[] = [{ labelKey: 'labels.menu.settings' }, { labelKey: 'labels.menu.sources', to: '/settings/sources' }];

const sourcesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/sources',
  beforeLoad: ({ preload }) => requireAccess('app.settings.sources', { preload }),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(sourcesQueryOptions());
    return { crumbs: [{ labelKey: 'labels.menu.settings' }, { labelKey: 'labels.menu.sources' }] satisfies Crumb[] };
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
  beforeLoad: ({ preload }) => requireAccess('app.settings.sources', { preload }),
  loader: ({ params }) => ({
    crumbs: [...SOURCES_CRUMBS, { labelKey: `sources.form.newTitle.${sourceTypeOf(params.type)}` }] satisfies Crumb[],
  }),
  component: lazyRouteComponent(() => import('./source-page'), 'SourceCreatePage'),
});

const sourceEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/sources/edit/$type/$id',
  beforeLoad: ({ preload }) => requireAccess('app.settings.sources', { preload }),
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

const REMINDERS_CRUMBS: Crumb[] = [{ labelKey: 'labels.menu.reminders', to: '/reminders' }];

const remindersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reminders',
  beforeLoad: ({ preload }) => requireAccess('app.reminders', { preload }),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(remindersQueryOptions());
    return { crumbs: [{ labelKey: 'labels.menu.reminders' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./reminders-pages'), 'RemindersPage'),
});

const reminderAddRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reminders/add',
  beforeLoad: ({ preload }) => requireAccess('app.reminders', { preload }),
  loader: () => ({ crumbs: [...REMINDERS_CRUMBS, { labelKey: 'labels.reminders.createTitle' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./reminders-pages'), 'ReminderAddPage'),
});

const reminderEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reminders/edit/$id',
  beforeLoad: ({ preload }) => requireAccess('app.reminders', { preload }),
  loader: async ({ context, params, preload }) => {
    try {
      const reminder = await context.queryClient.ensureQueryData(reminderQueryOptions(params.id));
      return { crumbs: [...REMINDERS_CRUMBS, { label: reminder.name }] satisfies Crumb[] };
    } catch (error) {
      // Unknown, deleted, someone else's or another customer's reminder: back to the list.
      if (!(error instanceof ApiRequestError) || error.status !== 404) throw error;
      if (!preload) notify({ kind: 'warning', title: translate('errors.titles.error'), message: translate('errors.pageNotFound') });
      throw redirect({ to: '/reminders' });
    }
  },
  component: lazyRouteComponent(() => import('./reminders-pages'), 'ReminderEditPage'),
});

const ALERTS_CRUMBS: Crumb[] = [{ labelKey: 'labels.menu.alerts' }, { labelKey: 'labels.menu.alertsManagement', to: '/alerts' }];

const alertsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'alerts',
  beforeLoad: ({ preload }) => requireAccess('app.alerts.view', { preload }),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(alertsQueryOptions());
    return { crumbs: [{ labelKey: 'labels.menu.alerts' }, { labelKey: 'labels.menu.alertsManagement' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./alerts-pages'), 'AlertsPage'),
});

const alertCreateRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'alerts/create',
  beforeLoad: ({ preload }) => requireAccess('app.alerts.view', { preload }),
  loader: () => ({ crumbs: [...ALERTS_CRUMBS, { labelKey: 'labels.alerts.createTitle' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./alerts-pages'), 'AlertCreatePage'),
});

const alertEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'alerts/edit/$id',
  beforeLoad: ({ preload }) => requireAccess('app.alerts.view', { preload }),
  loader: async ({ context, params, preload }) => {
    try {
      const alert = await context.queryClient.ensureQueryData(alertQueryOptions(params.id));
      return { crumbs: [...ALERTS_CRUMBS, { label: alert.name }] satisfies Crumb[] };
    } catch (error) {
      // 'Alert not found' (spec 2 §8), then back to the list.
      if (!(error instanceof ApiRequestError) || error.status !== 404) throw error;
      if (!preload) notify({ kind: 'warning', title: translate('errors.titles.error'), message: translate('errors.alert_not_found') });
      throw redirect({ to: '/alerts' });
    }
  },
  component: lazyRouteComponent(() => import('./alerts-pages'), 'AlertEditPage'),
});

const alertLogRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'alerts/log',
  // The e-mails of a firing alert link to `/alerts/log?alert=<id>`: that alert opens chosen.
  validateSearch: (search: Record<string, unknown>): { alert?: string } =>
    typeof search.alert === 'string' && /^[\w-]{1,64}$/.test(search.alert) ? { alert: search.alert } : {},
  beforeLoad: ({ preload }) => requireAccess('app.alerts.log', { preload }),
  loader: () => ({ crumbs: [{ labelKey: 'labels.menu.alerts' }, { labelKey: 'labels.menu.alertsLog' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./alerts-pages'), 'AlertLogPage'),
});

const alertHistoricalRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'alerts/historical',
  beforeLoad: ({ preload }) => requireAccess('app.alerts.historical', { preload }),
  loader: () => ({ crumbs: [{ labelKey: 'labels.menu.alerts' }, { labelKey: 'labels.menu.alertsHistorical' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./alerts-pages'), 'AlertHistoricalPage'),
});

const profileRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/profile',
  beforeLoad: ({ preload }) => requireAccess('app.settings.profile', { preload }),
  loader: () => ({ crumbs: [{ labelKey: 'labels.menu.settings' }, { labelKey: 'labels.menu.profile' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./profile-page'), 'ProfilePage'),
});

const notificationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'notifications',
  beforeLoad: ({ preload }) => requireAccess('app.notifications', { preload }),
  loader: () => ({ crumbs: [{ labelKey: 'labels.notificationsPage.title' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./notifications-page'), 'NotificationsPage'),
});

/** Any unknown URL goes to /login, which sends a signed-in user on to the dashboard (spec 1 §2.1). */
const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/login' });
  },
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  realLoginRoute,
  lockRoute,
  logoutRoute,
  appRoute.addChildren([dashboardRoute, dashboardTabRoute, locationsRoute, locationRoute.addChildren([locationTabRoute]), manualEntryRoute, locationsAndPointsRoute, filesRoute, ftpRoute, ftpCreateRoute, ftpEditRoute, sourcesRoute, sourceCreateRoute, sourceEditRoute, remindersRoute, reminderAddRoute, reminderEditRoute, alertsRoute, alertCreateRoute, alertEditRoute, alertLogRoute, alertHistoricalRoute, notificationsRoute, profileRoute]),
  unknownRoute,
]);

export const createAppRouter = (queryClient: QueryClient) =>
  createRouter({
    routeTree,
    context: { queryClient },
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
    // Loaders read through the query cache, which already decides freshness.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
