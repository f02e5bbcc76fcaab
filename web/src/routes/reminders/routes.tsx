import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { reminderQueryOptions, remindersQueryOptions } from '../../features/reminders/api/reminders';
import type { Crumb } from '../../features/shell/components/ribbon';
import { appRoute, guardedBy, leaveWhenMissing } from '../frame';

const REMINDERS_CRUMBS: Crumb[] = [{ labelKey: 'labels.menu.reminders', to: '/reminders' }];

const remindersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reminders',
  staticData: { title: 'labels.menu.reminders' },
  beforeLoad: guardedBy('app.reminders'),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(remindersQueryOptions());
    return { crumbs: [{ labelKey: 'labels.menu.reminders' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./reminders-pages'), 'RemindersPage'),
});

const reminderAddRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reminders/add',
  staticData: { title: 'labels.reminders.createTitle' },
  beforeLoad: guardedBy('app.reminders'),
  loader: () => ({ crumbs: [...REMINDERS_CRUMBS, { labelKey: 'labels.reminders.createTitle' }] satisfies Crumb[] }),
  component: lazyRouteComponent(() => import('./reminders-pages'), 'ReminderAddPage'),
});

const reminderEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reminders/edit/$id',
  staticData: { title: 'labels.reminders.editTitle' },
  beforeLoad: guardedBy('app.reminders'),
  loader: async ({ context, params, preload }) => {
    const reminder = await context.queryClient
      .ensureQueryData(reminderQueryOptions(params.id))
      .catch((error: unknown) => leaveWhenMissing(error, { preload, to: '/reminders' }));
    return { crumbs: [...REMINDERS_CRUMBS, { label: reminder.name }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./reminders-pages'), 'ReminderEditPage'),
});

export const remindersRoutes = [remindersRoute, reminderAddRoute, reminderEditRoute] as const;
