import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { LANGUAGES, DEFAULT_LANGUAGE, DEFAULT_TIMEZONE, type LanguageKey } from '@shared/constants';
import { reportQueryOptions, reportsQueryOptions } from '../../features/reports/api/reports';
import type { Crumb } from '../../features/shell/components/ribbon';
import { changeLanguage } from '../../lib/i18n';
import { appRoute, guardedBy, leaveWhenMissing, rootRoute } from '../frame';

const REPORTS_CRUMB: Crumb = { labelKey: 'labels.menu.reports' };

/** /reports/models (app.reports.models): the reports, 'Add a report'. */
const reportModelsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reports/models',
  staticData: { title: 'labels.menu.reportModels' },
  beforeLoad: guardedBy('app.reports.models'),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(reportsQueryOptions());
    return { crumbs: [REPORTS_CRUMB, { labelKey: 'labels.menu.reportModels' }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./reports-pages'), 'ReportModelsPage'),
});

/** /reports/models/edit/{id}/{page} (app.reports.models.edit): an unknown report says so and goes to the dashboard (spec 2 §8). */
const reportEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reports/models/edit/$id/$page',
  staticData: { title: 'labels.pageTitles.reportEditor' },
  beforeLoad: guardedBy('app.reports.models'),
  loader: async ({ context, params, preload }) => {
    const report = await context.queryClient
      .ensureQueryData(reportQueryOptions(params.id))
      .catch((error: unknown) => leaveWhenMissing(error, { preload, to: '/dashboard', messageKey: 'errors.report_not_found' }));
    return { crumbs: [REPORTS_CRUMB, { labelKey: 'labels.menu.reportModels', to: '/reports/models' }, { label: report.name }] satisfies Crumb[] };
  },
  component: lazyRouteComponent(() => import('./reports-pages'), 'ReportEditPage'),
});

const isLanguage = (value: unknown): value is LanguageKey => LANGUAGES.includes(value as LanguageKey);
const isTimeZone = (value: unknown): value is string => {
  if (typeof value !== 'string' || !value) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/**
 * /reports/phantom/edit/{id}/{token} (spec 1 §2.1): the print page the PDF renderer opens, outside
 * the signed-in frame; the token of the address authorises it, `?lang=` gives its language and
 * `?tz=` the customer's time zone (period names and buckets as the customer reads them).
 */
const reportPrintRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reports/phantom/edit/$id/$token',
  staticData: { title: 'labels.pageTitles.reportPrint' },
  validateSearch: (search: Record<string, unknown>): { lang: LanguageKey; tz: string } => ({
    lang: isLanguage(search.lang) ? search.lang : DEFAULT_LANGUAGE,
    tz: isTimeZone(search.tz) ? search.tz : DEFAULT_TIMEZONE,
  }),
  loaderDeps: ({ search }) => ({ lang: search.lang }),
  loader: ({ deps }) => changeLanguage(deps.lang, { remember: false }),
  component: lazyRouteComponent(() => import('./report-print-page'), 'ReportPrintPage'),
});

export const reportsRoutes = [reportModelsRoute, reportEditRoute] as const;
export const reportPrintRoutes = [reportPrintRoute] as const;
