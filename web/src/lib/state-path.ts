import { RESOURCE_KEYS } from '@shared/permissions/resource-keys';

/**
 * States whose page is not where their name reads: a menu group opens its first page, and a state
 * with parameters (a report's id and page) opens the list it belongs to, since a redirect action
 * names a state without parameters (spec 1 §7).
 */
const PATHS_OUT_OF_LINE: Readonly<Record<string, string>> = {
  'app.reports': '/reports/models',
  'app.reports.models.edit': '/reports/models',
  'app.alerts': '/alerts',
  'app.alerts.view': '/alerts',
  'app.settings': '/settings/profile',
  'app.settings.api_docs': '/api-docs',
};

/** Permission keys that name a right rather than a page. */
const RIGHTS_ONLY: readonly string[] = ['app.show_all_customers'];

/** The states a server's `redirect:` action may name (spec 1 §2.3): the navigation's keys and the report editor. */
export const NAVIGATION_STATES: readonly string[] = [...RESOURCE_KEYS.filter((key) => !RIGHTS_ONLY.includes(key)), 'app.reports.models.edit'];

/**
 * The path of a navigation state named by the server (`redirect:app.settings.users`): states are
 * the permission keys' names, `app.` dropped and dots as slashes (spec 1 §2.3, §7), but for the
 * states whose page lies elsewhere.
 */
export const pathOfState = (state: string): string =>
  PATHS_OUT_OF_LINE[state] ?? `/${state.replace(/^app\./, '').split('.').filter(Boolean).join('/')}`;
