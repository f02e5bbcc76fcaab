/** Permission keys named after the navigation states (spec 1 §2.3, spec 2 §6, spec 3 §6). */
export const RESOURCE_KEYS = [
  'app.dashboard',
  'app.locations',
  'app.maplytics',
  'app.manual_entry',
  'app.notifications',
  'app.reports',
  'app.reports.models',
  'app.reports.subscriptions',
  'app.alerts',
  'app.alerts.view',
  'app.alerts.log',
  'app.alerts.historical',
  'app.reminders',
  'app.exports',
  'app.settings',
  'app.settings.locations_and_points',
  'app.settings.profile',
  'app.settings.users',
  'app.settings.application.email',
  'app.settings.application.acl',
  'app.settings.application.notifications',
  'app.settings.sources',
  'app.settings.ftp',
  'app.settings.files',
  'app.settings.system.customers',
  'app.settings.su',
  'app.settings.login_analytics',
  'app.settings.system.logs',
  'app.settings.system.configuration',
  'app.settings.system.customization',
  'app.settings.system.email',
  'app.settings.system.license',
  'app.about',
  'app.show_all_customers',
] as const;

export type ResourceKey = (typeof RESOURCE_KEYS)[number];

export const ACTIONS = ['view', 'create', 'edit', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** Keys whose pages need a premium licence (spec 1 §6). */
export const PREMIUM_KEYS: readonly ResourceKey[] = [
  'app.maplytics',
  'app.reports',
  'app.reports.models',
  'app.reports.subscriptions',
  'app.alerts',
  'app.alerts.view',
  'app.alerts.log',
  'app.alerts.historical',
  'app.reminders',
  'app.exports',
];

export const isPremiumKey = (key: ResourceKey): boolean => PREMIUM_KEYS.includes(key);
