import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import type { ResourceKey } from '@shared/permissions/resource-keys';
import { customizationsQueryOptions } from '../features/customizations/api/get-customizations';
import { getTab, tabsQueryOptions } from '../features/dashboard/api/tabs';
import type { Crumb } from '../features/shell/components/ribbon';
import { ApiRequestError, errorCodeOf } from '../lib/http';
import { translate } from '../lib/i18n';
import { notify } from '../lib/notify';
import { requireAccess, requireSession } from './guards';
import { PageTitle } from './page-title';
import { RouteError } from './route-feedback';

/**
 * The two frames every route hangs from — the root and the signed-in frame — and the few rules
 * the areas' route modules share. Each area declares its routes in `<area>/routes.tsx`; the router
 * only composes them.
 */

export interface RouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * Starts, without waiting, the queries the route's frame or page reads (its loader does the
     * same): also called while the stored session is being renewed, with the stored token, so a
     * reload does not wait for the renewal before asking for its data (`startFirstScreen`).
     */
    warm?: (queryClient: QueryClient, params: Record<string, string>) => void;
    /**
     * The translation key naming the screen in the document's title (`PageTitle`): every route
     * that draws a screen has one (tests/unit/web/page-titles.test.ts).
     */
    title?: string;
  }
}

/** Every page: the document's title follows the route, then the page. */
const Root = () => (
  <>
    <PageTitle />
    <Outlet />
  </>
);

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Root,
  errorComponent: RouteError,
});

/** Every signed-in page sits under this frame. */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_app',
  beforeLoad: ({ preload }) => requireSession({ preload }),
  // The tabs are asked beside the customizations: every page of widgets and the menu read them.
  staticData: {
    warm: (queryClient) => {
      void queryClient.prefetchQuery(tabsQueryOptions());
      void queryClient.prefetchQuery(customizationsQueryOptions());
    },
  },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(tabsQueryOptions());
    return context.queryClient.ensureQueryData(customizationsQueryOptions());
  },
  component: lazyRouteComponent(() => import('./app-layout'), 'AppLayoutRoute'),
});

/** The `beforeLoad` of a page behind a permission key (spec 1 §6). */
export const guardedBy =
  (key: ResourceKey) =>
  ({ preload }: { preload: boolean }): void =>
    requireAccess(key, { preload });

/** The crumbs of a settings page: 'Settings', then the page. */
export const settingsCrumbs = (labelKey: string): Crumb[] => [{ labelKey: 'labels.menu.settings' }, { labelKey }];

/**
 * What a page of one object does when the object is not there (unknown, deleted, someone else's or
 * another customer's — the API answers 404 to all four): back to its list with 'The page requested
 * does not exist', or the area's own message. Any other failure stays an error.
 */
export const leaveWhenMissing = (error: unknown, { preload, to, messageKey = 'errors.pageNotFound' }: { preload: boolean; to: string; messageKey?: string }): never => {
  if (!(error instanceof ApiRequestError) || error.status !== 404) throw error;
  if (!preload) notify({ kind: 'warning', title: translate('errors.titles.error'), message: translate(messageKey) });
  throw redirect({ to });
};

/**
 * A tab of a page. One the user does not see is asked for by its id: another user's private tab
 * says 'Error' / 'Not allowed' and goes to the dashboard (spec 1 §4.4); any other goes back to the
 * page with 'The page requested does not exist'.
 */
export const loadTab = async (queryClient: QueryClient, tabId: string, pageTo: string, pageParams: Record<string, string> | undefined, preload: boolean) => {
  const tabs = await queryClient.ensureQueryData(tabsQueryOptions());
  const tab = tabs.find((candidate) => candidate._id === tabId);
  if (tab) return tab;
  if (preload) throw redirect({ to: pageTo, params: pageParams as never });
  const refused = await getTab(tabId).then(
    () => false,
    (error: unknown) => errorCodeOf(error) === 'not_allowed',
  );
  if (refused) {
    notify({ kind: 'error', title: translate('errors.titles.error'), message: translate('errors.not_allowed') });
    throw redirect({ to: '/dashboard' });
  }
  notify({ kind: 'warning', title: translate('errors.titles.error'), message: translate('errors.pageNotFound') });
  throw redirect({ to: pageTo, params: pageParams as never });
};
