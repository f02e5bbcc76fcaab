import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { customerQueryOptions, customersQueryOptions } from '../../features/customers/api/customers';
import type { Crumb } from '../../features/shell/components/ribbon';
import { timezonesQueryOptions } from '../../lib/timezones';
import { appRoute, guardedBy, leaveWhenMissing, settingsCrumbs } from '../frame';

const CUSTOMERS_CRUMBS: Crumb[] = [{ labelKey: 'labels.menu.settings' }, { labelKey: 'labels.menu.customers', to: '/settings/system/customers' }];

const customersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/system/customers',
  staticData: { title: 'labels.menu.customers' },
  beforeLoad: guardedBy('app.settings.system.customers'),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(customersQueryOptions());
    return { crumbs: settingsCrumbs('labels.menu.customers') };
  },
  component: lazyRouteComponent(() => import('./customers-pages'), 'CustomersPage'),
});

const customerAddRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/system/customers/add',
  staticData: { title: 'labels.customers.createTitle' },
  beforeLoad: guardedBy('app.settings.system.customers'),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(timezonesQueryOptions());
    return { crumbs: [...CUSTOMERS_CRUMBS, { labelKey: 'buttons.customers.create' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./customers-pages'), 'CustomerAddPage'),
});

const customerEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/system/customers/edit/$id',
  staticData: { title: 'labels.customers.editTitle' },
  beforeLoad: guardedBy('app.settings.system.customers'),
  loader: async ({ context, params, preload }) => {
    const [customer] = await Promise.all([
      context.queryClient.ensureQueryData(customerQueryOptions(params.id)),
      context.queryClient.ensureQueryData(timezonesQueryOptions()),
    ]).catch((error: unknown) => leaveWhenMissing(error, { preload, to: '/settings/system/customers' }));
    return { crumbs: [...CUSTOMERS_CRUMBS, { label: customer.name }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./customers-pages'), 'CustomerEditPage'),
});

export const customersRoutes = [customersRoute, customerAddRoute, customerEditRoute] as const;
