import { fillPath } from '@shared/api/route-path';

/** What a call names beside its route: path parameters and query (undefined values left out). */
export interface PathOptions {
  params?: unknown;
  query?: unknown;
}

/** The browser's path of a route: the table's path with its parameters, under the runtime API base, and its query. */
export const browserPathOf = (route: { path: string }, options: PathOptions, apiBase: string): string => {
  const path = fillPath(route.path, (options.params ?? {}) as Record<string, string>).replace(/^\/api(?=\/)/, apiBase);
  const query = Object.entries((options.query ?? {}) as Record<string, string | undefined>).filter(([, value]) => value !== undefined);
  return query.length ? `${path}?${new URLSearchParams(query as [string, string][]).toString()}` : path;
};
