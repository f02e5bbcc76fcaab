import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { locationLabel } from '@shared/permissions/location-visibility';
import { customizationsQueryOptions } from '../features/customizations/api/get-customizations';
import { sourceQueryOptions, sourcesQueryOptions } from '../features/sources/api/sources';
import { tabsQueryOptions } from '../features/dashboard/api/tabs';
import { ftpRetrieverQueryOptions, ftpRetrieversQueryOptions } from '../features/ftp/api/ftp-retrievers';
import { reminderQueryOptions, remindersQueryOptions } from '../features/reminders/api/reminders';
import { alertQueryOptions, alertsQueryOptions } from '../features/alerts/api/alerts';
import { registrationsQueryOptions, userQueryOptions, usersQueryOptions, type UserListKind } from '../features/users/api/users';
import { smtpSettingsQueryOptions } from '../features/email/api/smtp-settings';
import { customerQueryOptions, customersQueryOptions } from '../features/customers/api/customers';
import { licenseQueryOptions } from '../features/license/api/license';
import { timezonesQueryOptions } from '../lib/timezones';
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

/** Public account screens (spec 1 §2.1): registration, forgotten password, the e-mailed link's screen. */
const publicScreen = <Path extends string>(path: Path, component: 'RegisterPage' | 'ForgotPasswordPage' | 'SetPasswordPage') =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    beforeLoad: () => {
      if (isSignedIn()) throw redirect({ to: '/dashboard' });
    },
    loader: ({ context }) => context.queryClient.ensureQueryData(customizationsQueryOptions()),
    component: lazyRouteComponent(() => import('./account-pages'), component),
  });
const registerRoute = publicScreen('register', 'RegisterPage');
const forgotPasswordRoute = publicScreen('forgot-password', 'ForgotPasswordPage');
const setPasswordRoute = publicScreen('set-password/$token', 'SetPasswordPage');

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

// SMTP settings and customization (issue 13, `email`).
const applicationEmailRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/application/email',
  beforeLoad: ({ preload }) => requireAccess('app.settings.application.email', { preload }),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(smtpSettingsQueryOptions('customer'));
    return { crumbs: [{ labelKey: 'labels.menu.settings' }, { labelKey: 'labels.menu.applicationEmail' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./email-pages'), 'ApplicationEmailPage'),
});

const systemEmailRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/system/email',
  beforeLoad: ({ preload }) => requireAccess('app.settings.system.email', { preload }),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(smtpSettingsQueryOptions('system'));
    return { crumbs: [{ labelKey: 'labels.menu.settings' }, { labelKey: 'labels.menu.systemEmail' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./email-pages'), 'SystemEmailPage'),
});

const customizationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/system/customization',
  beforeLoad: ({ preload }) => requireAccess('app.settings.system.customization', { preload }),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(customizationsQueryOptions());
    return { crumbs: [{ labelKey: 'labels.menu.settings' }, { labelKey: 'labels.menu.customization' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./customization-page'), 'CustomizationPage'),
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

const USERS_CRUMBS: Record<UserListKind, Crumb[]> = {
  users: [{ labelKey: 'labels.menu.settings' }, { labelKey: 'labels.menu.users', to: '/settings/users' }],
  su: [{ labelKey: 'labels.menu.settings' }, { labelKey: 'labels.menu.superUsers', to: '/settings/su' }],
};

const listUsersLoader = (kind: UserListKind) => async ({ context }: { context: RouterContext }) => {
  await Promise.all([
    context.queryClient.ensureQueryData(usersQueryOptions(kind)),
    kind === 'su' ? context.queryClient.ensureQueryData(registrationsQueryOptions()) : null,
  ]);
  return { crumbs: [USERS_CRUMBS[kind][0], { labelKey: USERS_CRUMBS[kind][1].labelKey }] satisfies Crumb[] };
};

const addUserLoader = (kind: UserListKind) => () => ({
  crumbs: [...USERS_CRUMBS[kind], { labelKey: kind === 'users' ? 'buttons.users.add' : 'buttons.users.addSuperUser' }] satisfies Crumb[],
});

const editUserLoader =
  (kind: UserListKind) =>
  async ({ context, params, preload }: { context: RouterContext; params: { userId: string }; preload: boolean }) => {
    try {
      const user = await context.queryClient.ensureQueryData(userQueryOptions(kind, params.userId));
      return { crumbs: [...USERS_CRUMBS[kind], { label: `${user.first_name} ${user.last_name}` }] satisfies Crumb[] };
    } catch (error) {
      // Unknown, deleted or another customer's user: back to the list with 'The page requested does not exist'.
      if (!(error instanceof ApiRequestError) || error.status !== 404) throw error;
      if (!preload) notify({ kind: 'warning', title: translate('errors.titles.error'), message: translate('errors.pageNotFound') });
      throw redirect({ to: kind === 'users' ? '/settings/users' : '/settings/su' });
    }
  };

// /settings/users and /settings/su with their add and edit screens (spec 3 §2).
const usersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/users',
  beforeLoad: ({ preload }) => requireAccess('app.settings.users', { preload }),
  loader: listUsersLoader('users'),
  component: lazyRouteComponent(() => import('./users-pages'), 'UsersPage'),
});
const userAddRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/users/add',
  beforeLoad: ({ preload }) => requireAccess('app.settings.users', { preload }),
  loader: addUserLoader('users'),
  component: lazyRouteComponent(() => import('./users-pages'), 'UserAddPage'),
});
const userEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/users/edit/$userId',
  beforeLoad: ({ preload }) => requireAccess('app.settings.users', { preload }),
  loader: editUserLoader('users'),
  component: lazyRouteComponent(() => import('./users-pages'), 'UserEditPage'),
});
const superUsersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/su',
  beforeLoad: ({ preload }) => requireAccess('app.settings.su', { preload }),
  loader: listUsersLoader('su'),
  component: lazyRouteComponent(() => import('./users-pages'), 'SuperUsersPage'),
});
const superUserAddRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/su/add',
  beforeLoad: ({ preload }) => requireAccess('app.settings.su', { preload }),
  loader: addUserLoader('su'),
  component: lazyRouteComponent(() => import('./users-pages'), 'SuperUserAddPage'),
});
const superUserEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/su/edit/$userId',
  beforeLoad: ({ preload }) => requireAccess('app.settings.su', { preload }),
  loader: editUserLoader('su'),
  component: lazyRouteComponent(() => import('./users-pages'), 'SuperUserEditPage'),
});

const CUSTOMERS_CRUMBS: Crumb[] = [{ labelKey: 'labels.menu.settings' }, { labelKey: 'labels.menu.customers', to: '/settings/system/customers' }];

const customersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/system/customers',
  beforeLoad: ({ preload }) => requireAccess('app.settings.system.customers', { preload }),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(customersQueryOptions());
    return { crumbs: [{ labelKey: 'labels.menu.settings' }, { labelKey: 'labels.menu.customers' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./customers-pages'), 'CustomersPage'),
});

const customerAddRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/system/customers/add',
  beforeLoad: ({ preload }) => requireAccess('app.settings.system.customers', { preload }),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(timezonesQueryOptions());
    return { crumbs: [...CUSTOMERS_CRUMBS, { labelKey: 'buttons.customers.create' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./customers-pages'), 'CustomerAddPage'),
});

const customerEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/system/customers/edit/$id',
  beforeLoad: ({ preload }) => requireAccess('app.settings.system.customers', { preload }),
  loader: async ({ context, params, preload }) => {
    try {
      const [customer] = await Promise.all([
        context.queryClient.ensureQueryData(customerQueryOptions(params.id)),
        context.queryClient.ensureQueryData(timezonesQueryOptions()),
      ]);
      return { crumbs: [...CUSTOMERS_CRUMBS, { label: customer.name }] satisfies Crumb[] };
    } catch (error) {
      if (!(error instanceof ApiRequestError) || error.status !== 404) throw error;
      if (!preload) notify({ kind: 'warning', title: translate('errors.titles.error'), message: translate('errors.pageNotFound') });
      throw redirect({ to: '/settings/system/customers' });
    }
  },
  component: lazyRouteComponent(() => import('./customers-pages'), 'CustomerEditPage'),
});

const licenseRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/system/license',
  beforeLoad: ({ preload }) => requireAccess('app.settings.system.license', { preload }),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(licenseQueryOptions());
    return { crumbs: [{ labelKey: 'labels.menu.settings' }, { labelKey: 'labels.menu.license' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./license-page'), 'LicensePage'),
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

const aboutRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'about',
  beforeLoad: ({ preload }) => requireAccess('app.about', { preload }),
  loader: () => ({ crumbs: [{ labelKey: 'labels.menu.about' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./about-page'), 'AboutPage'),
});

const logsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/system/logs',
  beforeLoad: ({ preload }) => requireAccess('app.settings.system.logs', { preload }),
  loader: () => ({ crumbs: [{ labelKey: 'labels.menu.settings' }, { labelKey: 'labels.menu.logs' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./logs-page'), 'LogsPage'),
});

// System settings (spec 3 §2, §3): roles & permissions, notification settings, system configuration, login analytics.
const settingsCrumbs = (labelKey: string): Crumb[] => [{ labelKey: 'labels.menu.settings' }, { labelKey }];

const aclRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/application/acl',
  beforeLoad: ({ preload }) => requireAccess('app.settings.application.acl', { preload }),
  loader: () => ({ crumbs: settingsCrumbs('labels.menu.acl') }),
  component: lazyRouteComponent(() => import('./system-settings-pages'), 'AclPage'),
});

const notificationSettingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/application/notifications',
  beforeLoad: ({ preload }) => requireAccess('app.settings.application.notifications', { preload }),
  loader: () => ({ crumbs: settingsCrumbs('labels.menu.applicationNotifications') }),
  component: lazyRouteComponent(() => import('./system-settings-pages'), 'NotificationSettingsPage'),
});

const systemConfigRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/system/configuration',
  beforeLoad: ({ preload }) => requireAccess('app.settings.system.configuration', { preload }),
  loader: () => ({ crumbs: settingsCrumbs('labels.systemConfig.title') }),
  component: lazyRouteComponent(() => import('./system-settings-pages'), 'SystemConfigPage'),
});

const loginAnalyticsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/login_analytics',
  beforeLoad: ({ preload }) => requireAccess('app.settings.login_analytics', { preload }),
  loader: () => ({ crumbs: settingsCrumbs('labels.menu.loginAnalytics') }),
  component: lazyRouteComponent(() => import('./system-settings-pages'), 'LoginAnalyticsPage'),
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
  registerRoute,
  forgotPasswordRoute,
  setPasswordRoute,
  appRoute.addChildren([
    dashboardRoute,
    dashboardTabRoute,
    locationsRoute,
    locationRoute.addChildren([locationTabRoute]),
    manualEntryRoute,
    locationsAndPointsRoute,
    filesRoute,
    ftpRoute,
    ftpCreateRoute,
    ftpEditRoute,
    sourcesRoute,
    sourceCreateRoute,
    sourceEditRoute,
    remindersRoute,
    reminderAddRoute,
    reminderEditRoute,
    alertsRoute,
    alertCreateRoute,
    alertEditRoute,
    alertLogRoute,
    alertHistoricalRoute,
    notificationsRoute,
    usersRoute,
    userAddRoute,
    userEditRoute,
    superUsersRoute,
    superUserAddRoute,
    superUserEditRoute,
    aboutRoute,
    logsRoute,
    applicationEmailRoute,
    systemEmailRoute,
    customizationRoute,
    customersRoute,
    customerAddRoute,
    customerEditRoute,
    licenseRoute,
    aclRoute,
    notificationSettingsRoute,
    systemConfigRoute,
    loginAnalyticsRoute,
    profileRoute,
  ]),
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
