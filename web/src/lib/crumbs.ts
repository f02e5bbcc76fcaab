/** A step of the breadcrumb: a translation key or a name as is, linked when it has a page. */
export interface Crumb {
  labelKey?: string;
  label?: string;
  to?: string;
  params?: Record<string, string>;
}

/** The crumbs a route's loader returned, if it returned any. */
export const crumbsOf = (loaderData: unknown): Crumb[] =>
  typeof loaderData === 'object' && loaderData !== null && 'crumbs' in loaderData && Array.isArray(loaderData.crumbs)
    ? (loaderData.crumbs as Crumb[])
    : [];
