import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute, guardedBy, settingsCrumbs } from '../frame';

// System settings (spec 3 §2, §3): roles & permissions, notification settings, system configuration, login analytics.

const aclRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/application/acl',
  staticData: { title: 'labels.menu.acl' },
  beforeLoad: guardedBy('app.settings.application.acl'),
  loader: () => ({ crumbs: settingsCrumbs('labels.menu.acl') }),
  component: lazyRouteComponent(() => import('./system-settings-pages'), 'AclPage'),
});

const notificationSettingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/application/notifications',
  staticData: { title: 'labels.menu.applicationNotifications' },
  beforeLoad: guardedBy('app.settings.application.notifications'),
  loader: () => ({ crumbs: settingsCrumbs('labels.menu.applicationNotifications') }),
  component: lazyRouteComponent(() => import('./system-settings-pages'), 'NotificationSettingsPage'),
});

const systemConfigRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/system/configuration',
  staticData: { title: 'labels.systemConfig.title' },
  beforeLoad: guardedBy('app.settings.system.configuration'),
  loader: () => ({ crumbs: settingsCrumbs('labels.systemConfig.title') }),
  component: lazyRouteComponent(() => import('./system-settings-pages'), 'SystemConfigPage'),
});

const loginAnalyticsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/login_analytics',
  staticData: { title: 'labels.menu.loginAnalytics' },
  beforeLoad: guardedBy('app.settings.login_analytics'),
  loader: () => ({ crumbs: settingsCrumbs('labels.menu.loginAnalytics') }),
  component: lazyRouteComponent(() => import('./system-settings-pages'), 'LoginAnalyticsPage'),
});

export const systemSettingsRoutes = [aclRoute, notificationSettingsRoute, systemConfigRoute, loginAnalyticsRoute] as const;
