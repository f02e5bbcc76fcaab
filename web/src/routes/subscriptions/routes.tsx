import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { readableReportsQueryOptions, subscriptionQueryOptions, subscriptionsQueryOptions } from '../../features/subscriptions/api/subscriptions';
import type { Crumb } from '../../features/shell/components/ribbon';
import { appRoute, guardedBy, leaveWhenMissing } from '../frame';

// The reports a subscription may send are warmed, not required: a role without the report models still sees its subscriptions.

const REPORTS_CRUMB: Crumb = { labelKey: 'labels.menu.reports' };
const SUBSCRIPTIONS_CRUMBS: Crumb[] = [REPORTS_CRUMB, { labelKey: 'labels.menu.reportSubscriptions', to: '/reports/subscriptions' }];

const subscriptionsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reports/subscriptions',
  staticData: { title: 'labels.menu.reportSubscriptions' },
  beforeLoad: guardedBy('app.reports.subscriptions'),
  loader: async ({ context }) => {
    await Promise.all([context.queryClient.ensureQueryData(subscriptionsQueryOptions()), context.queryClient.prefetchQuery(readableReportsQueryOptions())]);
    return { crumbs: [REPORTS_CRUMB, { labelKey: 'labels.menu.reportSubscriptions' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./subscriptions-pages'), 'SubscriptionsPage'),
});

const subscriptionCreateRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reports/subscriptions/create',
  staticData: { title: 'subscriptions.createTitle' },
  beforeLoad: guardedBy('app.reports.subscriptions'),
  loader: async ({ context }) => {
    await context.queryClient.prefetchQuery(readableReportsQueryOptions());
    return { crumbs: [...SUBSCRIPTIONS_CRUMBS, { labelKey: 'subscriptions.createTitle' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./subscriptions-pages'), 'SubscriptionCreatePage'),
});

/** Unknown, deleted, someone else's or another customer's goes back to the list. */
const subscriptionEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reports/subscriptions/edit/$id',
  staticData: { title: 'subscriptions.editTitle' },
  beforeLoad: guardedBy('app.reports.subscriptions'),
  loader: async ({ context, params, preload }) => {
    const [subscription] = await Promise.all([
      context.queryClient
        .ensureQueryData(subscriptionQueryOptions(params.id))
        .catch((error: unknown) => leaveWhenMissing(error, { preload, to: '/reports/subscriptions', messageKey: 'errors.subscription_not_found' })),
      context.queryClient.prefetchQuery(readableReportsQueryOptions()),
    ]);
    return { crumbs: [...SUBSCRIPTIONS_CRUMBS, { label: subscription.name }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./subscriptions-pages'), 'SubscriptionEditPage'),
});

export const subscriptionsRoutes = [subscriptionsRoute, subscriptionCreateRoute, subscriptionEditRoute] as const;
