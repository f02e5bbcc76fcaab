import type { QueryClient } from '@tanstack/react-query';
import { createRoute, createRouter, redirect } from '@tanstack/react-router';
import { aboutRoutes } from './about/routes';
import { accountRoutes } from './account/routes';
import { alertsRoutes } from './alerts/routes';
import { apiDocsRoutes } from './api-docs/routes';
import { customersRoutes } from './customers/routes';
import { customizationsRoutes } from './customizations/routes';
import { dashboardRoutes } from './dashboard/routes';
import { emailRoutes } from './email/routes';
import { exportsRoutes } from './exports/routes';
import { filesRoutes } from './files/routes';
import { appRoute, rootRoute } from './frame';
import { ftpRoutes } from './ftp/routes';
import { isSignedIn } from './guards';
import { licenseRoutes } from './license/routes';
import { locationsRoutes } from './locations/routes';
import { locationsSettingsRoutes } from './locations-settings/routes';
import { logsRoutes } from './logs/routes';
import { manualEntryRoutes } from './manual-entry/routes';
import { maplyticsRoutes } from './maplytics/routes';
import { notificationsRoutes } from './notifications/routes';
import { profileRoutes } from './profile/routes';
import { remindersRoutes } from './reminders/routes';
import { reportPrintRoutes, reportsRoutes } from './reports/routes';
import { RouteError, RoutePending } from './route-feedback';
import { sourcesRoutes } from './sources/routes';
import { subscriptionsRoutes } from './subscriptions/routes';
import { systemSettingsRoutes } from './system-settings/routes';
import { usersRoutes } from './users/routes';

export type { RouterContext } from './frame';

/**
 * The route tree, composed: each area declares its routes, loaders and guards in `<area>/routes.tsx`
 * (pages beside them, loaded lazily); adding an area is one import and one line here.
 */

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: isSignedIn() ? '/dashboard' : '/login' });
  },
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
  ...accountRoutes,
  ...reportPrintRoutes,
  appRoute.addChildren([
    ...dashboardRoutes,
    ...locationsRoutes,
    ...manualEntryRoutes,
    ...maplyticsRoutes,
    ...locationsSettingsRoutes,
    ...filesRoutes,
    ...ftpRoutes,
    ...sourcesRoutes,
    ...remindersRoutes,
    ...exportsRoutes,
    ...reportsRoutes,
    ...subscriptionsRoutes,
    ...alertsRoutes,
    ...notificationsRoutes,
    ...usersRoutes,
    ...aboutRoutes,
    ...logsRoutes,
    ...emailRoutes,
    ...customizationsRoutes,
    ...customersRoutes,
    ...licenseRoutes,
    ...systemSettingsRoutes,
    ...profileRoutes,
    ...apiDocsRoutes,
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

/**
 * Downloads the code of the pages a path opens (the frame, the page) without running their guards
 * or loaders: started while the stored session is being renewed, so that the first screen does not
 * wait for its code after the sign-in answer.
 */
export const loadCodeOfPath = (router: ReturnType<typeof createAppRouter>, pathname: string): void => {
  const [routes] = router.getMatchedRoutes(pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
};

/**
 * Starts the queries the pages a path opens read (each route's `staticData.warm`), without guards
 * or loaders: called while the stored session is being renewed, with the stored token, so the
 * customizations, the tabs and the widgets' data go out beside the renewal rather than after it.
 */
export const warmDataOfPath = (router: ReturnType<typeof createAppRouter>, queryClient: QueryClient, pathname: string): void => {
  const [routes, params] = router.getMatchedRoutes(pathname);
  for (const route of routes) route.options.staticData?.warm?.(queryClient, params);
};

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
