import type { Icon } from '@tabler/icons-react';
import {
  IconAlertTriangle,
  IconBell,
  IconInfoCircle,
  IconLayoutDashboard,
  IconLogout,
  IconMap2,
  IconPencil,
  IconReport,
  IconSettings,
} from '@tabler/icons-react';
import { can } from '@shared/permissions/abilities';
import type { PermissionSet } from '@shared/permissions/default-permissions';
import type { ResourceKey } from '@shared/permissions/resource-keys';
import { isPremiumKey } from '@shared/permissions/resource-keys';

interface Gated {
  id: string;
  /** Translation key of the label. */
  label: string;
  key: ResourceKey;
  /** Premium-only entries of spec 1 §2.3; premium keys are gated even if a flag is forgotten here. */
  premium: boolean;
  icon?: Icon;
}

export type MenuEntry =
  | (Gated & { kind: 'screen'; path: string; built: boolean })
  | (Gated & { kind: 'group'; children: MenuEntry[] })
  | (Gated & { kind: 'locations' })
  | { kind: 'logout'; id: string; label: string; icon: Icon };

const screen = (id: string, key: ResourceKey, path: string, built: boolean, extra: Partial<Gated> = {}): MenuEntry => ({
  kind: 'screen',
  id,
  label: `labels.menu.${id}`,
  key,
  path,
  built,
  premium: false,
  ...extra,
});

const group = (id: string, key: ResourceKey, children: MenuEntry[], extra: Partial<Gated> = {}): MenuEntry => ({
  kind: 'group',
  id,
  label: `labels.menu.${id}`,
  key,
  children,
  premium: false,
  ...extra,
});

/**
 * Every navigation entry of spec 1 §2.3 with its permission key, premium flag and whether its
 * screen is built yet. Screens not built are not offered.
 */
export const MENU: readonly MenuEntry[] = [
  screen('dashboard', 'app.dashboard', '/dashboard', true, { icon: IconLayoutDashboard }),
  screen('maplytics', 'app.maplytics', '/maplytics', true, { icon: IconMap2, premium: true }),
  { kind: 'locations', id: 'locations', label: 'labels.menu.locations', key: 'app.locations', premium: false },
  screen('manualEntry', 'app.manual_entry', '/manual_entry', true, { icon: IconPencil }),
  group(
    'reports',
    'app.reports',
    [
      screen('reportModels', 'app.reports.models', '/reports/models', true, { premium: true }),
      screen('reportSubscriptions', 'app.reports.subscriptions', '/reports/subscriptions', true, { premium: true }),
      screen('exports', 'app.exports', '/exports', true, { premium: true }),
    ],
    { icon: IconReport, premium: true },
  ),
  group(
    'alerts',
    'app.alerts',
    [
      screen('alertsManagement', 'app.alerts.view', '/alerts', true, { premium: true }),
      screen('alertsLog', 'app.alerts.log', '/alerts/log', true, { premium: true }),
      screen('alertsHistorical', 'app.alerts.historical', '/alerts/historical', true, { premium: true }),
    ],
    { icon: IconAlertTriangle, premium: true },
  ),
  screen('reminders', 'app.reminders', '/reminders', true, { icon: IconBell, premium: true }),
  group(
    'settings',
    'app.settings',
    [
      screen('locationsAndPoints', 'app.settings.locations_and_points', '/settings/locations_and_points', true),
      screen('profile', 'app.settings.profile', '/settings/profile', true),
      group('customerSettings', 'app.settings', [
        screen('users', 'app.settings.users', '/settings/users', true),
        screen('applicationEmail', 'app.settings.application.email', '/settings/application/email', true),
        screen('acl', 'app.settings.application.acl', '/settings/application/acl', true),
        screen('applicationNotifications', 'app.settings.application.notifications', '/settings/application/notifications', true),
        screen('sources', 'app.settings.sources', '/settings/sources', true),
        screen('ftp', 'app.settings.ftp', '/settings/ftp', true),
        screen('files', 'app.settings.files', '/settings/files', true),
      ]),
      group('systemSettings', 'app.settings', [
        screen('customers', 'app.settings.system.customers', '/settings/system/customers', true),
        screen('superUsers', 'app.settings.su', '/settings/su', true),
        screen('loginAnalytics', 'app.settings.login_analytics', '/settings/login_analytics', true),
        screen('logs', 'app.settings.system.logs', '/settings/system/logs', true),
        screen('configuration', 'app.settings.system.configuration', '/settings/system/configuration', true),
        screen('customization', 'app.settings.system.customization', '/settings/system/customization', true),
        screen('systemEmail', 'app.settings.system.email', '/settings/system/email', true),
        screen('license', 'app.settings.system.license', '/settings/system/license', true),
      ]),
    ],
    { icon: IconSettings },
  ),
  screen('about', 'app.about', '/about', true, { icon: IconInfoCircle }),
  { kind: 'logout', id: 'logout', label: 'labels.menu.logout', icon: IconLogout },
];

export interface MenuContext {
  permissions: PermissionSet;
  isPremium: boolean;
}

const isAllowed = (entry: Gated, { permissions, isPremium }: MenuContext): boolean =>
  can(permissions, entry.key) && (isPremium || !(entry.premium || isPremiumKey(entry.key)));

/** The entries this user sees: built screens they may view, groups that keep at least one. */
export const visibleMenu = (entries: readonly MenuEntry[], context: MenuContext): MenuEntry[] =>
  entries.flatMap((entry): MenuEntry[] => {
    switch (entry.kind) {
      case 'logout':
        return [entry];
      case 'screen':
        return entry.built && isAllowed(entry, context) ? [entry] : [];
      case 'locations':
        return isAllowed(entry, context) ? [entry] : [];
      case 'group': {
        if (!isAllowed(entry, context)) return [];
        const children = visibleMenu(entry.children, context);
        return children.length > 0 ? [{ ...entry, children }] : [];
      }
    }
  });
