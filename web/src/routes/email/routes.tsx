import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { smtpSettingsQueryOptions } from '../../features/email/api/smtp-settings';
import { appRoute, guardedBy, settingsCrumbs } from '../frame';

// The SMTP settings of the customer and of the system (issue 13, `email`).

const applicationEmailRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/application/email',
  staticData: { title: 'labels.menu.applicationEmail' },
  beforeLoad: guardedBy('app.settings.application.email'),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(smtpSettingsQueryOptions('customer'));
    return { crumbs: settingsCrumbs('labels.menu.applicationEmail') };
  },
  component: lazyRouteComponent(() => import('./email-pages'), 'ApplicationEmailPage'),
});

const systemEmailRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/system/email',
  staticData: { title: 'labels.menu.systemEmail' },
  beforeLoad: guardedBy('app.settings.system.email'),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(smtpSettingsQueryOptions('system'));
    return { crumbs: settingsCrumbs('labels.menu.systemEmail') };
  },
  component: lazyRouteComponent(() => import('./email-pages'), 'SystemEmailPage'),
});

export const emailRoutes = [applicationEmailRoute, systemEmailRoute] as const;
