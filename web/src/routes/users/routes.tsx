import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { registrationsQueryOptions, userQueryOptions, usersQueryOptions, type UserListKind } from '../../features/users/api/users';
import type { Crumb } from '../../features/shell/components/ribbon';
import { appRoute, guardedBy, leaveWhenMissing, type RouterContext } from '../frame';

// /settings/users and /settings/su with their add and edit screens (spec 3 §2).

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
    const user = await context.queryClient
      .ensureQueryData(userQueryOptions(kind, params.userId))
      .catch((error: unknown) => leaveWhenMissing(error, { preload, to: kind === 'users' ? '/settings/users' : '/settings/su' }));
    return { crumbs: [...USERS_CRUMBS[kind], { label: `${user.first_name} ${user.last_name}` }] satisfies Crumb[] };
  };

const usersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/users',
  // On a reload the list is asked beside the session's renewal, not after it.
  staticData: { title: 'labels.menu.users', warm: (queryClient) => void queryClient.prefetchQuery(usersQueryOptions('users')) },
  beforeLoad: guardedBy('app.settings.users'),
  loader: listUsersLoader('users'),
  component: lazyRouteComponent(() => import('./users-pages'), 'UsersPage'),
});
const userAddRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/users/add',
  staticData: { title: 'buttons.users.add' },
  beforeLoad: guardedBy('app.settings.users'),
  loader: addUserLoader('users'),
  component: lazyRouteComponent(() => import('./users-pages'), 'UserAddPage'),
});
const userEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/users/edit/$userId',
  staticData: { title: 'labels.users.editTitle' },
  beforeLoad: guardedBy('app.settings.users'),
  loader: editUserLoader('users'),
  component: lazyRouteComponent(() => import('./users-pages'), 'UserEditPage'),
});
const superUsersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/su',
  staticData: { title: 'labels.menu.superUsers' },
  beforeLoad: guardedBy('app.settings.su'),
  loader: listUsersLoader('su'),
  component: lazyRouteComponent(() => import('./users-pages'), 'SuperUsersPage'),
});
const superUserAddRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/su/add',
  staticData: { title: 'labels.users.addSuperUserTitle' },
  beforeLoad: guardedBy('app.settings.su'),
  loader: addUserLoader('su'),
  component: lazyRouteComponent(() => import('./users-pages'), 'SuperUserAddPage'),
});
const superUserEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/su/edit/$userId',
  staticData: { title: 'labels.users.editTitle' },
  beforeLoad: guardedBy('app.settings.su'),
  loader: editUserLoader('su'),
  component: lazyRouteComponent(() => import('./users-pages'), 'SuperUserEditPage'),
});

export const usersRoutes = [usersRoute, userAddRoute, userEditRoute, superUsersRoute, superUserAddRoute, superUserEditRoute] as const;
