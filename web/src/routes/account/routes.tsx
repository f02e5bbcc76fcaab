import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { customizationsQueryOptions } from '../../features/customizations/api/get-customizations';
import { endSession } from '../../lib/session';
import { isLocked, lockSession } from '../../lib/lock';
import { isSignedIn } from '../guards';
import { rootRoute } from '../frame';

// The screens before and around a session (spec 1 §2.1): sign-in, lock, sign-out and the public account screens.

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  staticData: { title: 'labels.login.title' },
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
  staticData: { title: 'labels.login.title' },
  loader: ({ context }) => context.queryClient.ensureQueryData(customizationsQueryOptions()),
  component: lazyRouteComponent(() => import('./login-page'), 'LoginPage'),
});

/** The lock screen: the session stays, no page shows until the password is given again. */
const lockRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'lock',
  staticData: { title: 'profile.lock.title' },
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
const publicScreen = <Path extends string>(path: Path, component: 'RegisterPage' | 'ForgotPasswordPage' | 'SetPasswordPage', title: string) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { title },
    beforeLoad: () => {
      if (isSignedIn()) throw redirect({ to: '/dashboard' });
    },
    loader: ({ context }) => context.queryClient.ensureQueryData(customizationsQueryOptions()),
    component: lazyRouteComponent(() => import('./account-pages'), component),
  });

export const accountRoutes = [
  loginRoute,
  realLoginRoute,
  lockRoute,
  logoutRoute,
  publicScreen('register', 'RegisterPage', 'labels.account.registerTitle'),
  publicScreen('forgot-password', 'ForgotPasswordPage', 'labels.account.forgotTitle'),
  publicScreen('set-password/$token', 'SetPasswordPage', 'labels.account.setPasswordTitle'),
] as const;
