import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { API } from '../../shared/src/api/routes';

const MODULE_ID = '\0wattwise-route-table';
const WEB_SOURCES = fileURLToPath(new URL('../src/', import.meta.url));
/** `@shared/api/routes` as the alias leaves it. */
const ROUTES_MODULE = /\/shared\/src\/api\/routes(\.ts)?$/;

/**
 * The browser calls a route by its method and path only: types come from the real table at compile
 * time, and every body is validated by the server (and by forms, which import their schemas). So
 * `@shared/api/routes` is served to the web as the table without its zod schemas, which would
 * otherwise pull every entity's schema, cron-parser and luxon into the first screen's JavaScript.
 */
const IMPORT_OF_ROUTES = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]@shared\/api\/routes['"]/g;

/** The values a web module imports from the route table other than `API` (types are free: they are erased). */
export const valuesImportedBesidesApi = (code: string): string[] =>
  [...code.matchAll(IMPORT_OF_ROUTES)].flatMap(([, typeOnly, names]) =>
    typeOnly
      ? []
      : names
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type ') && name !== 'API'),
  );

/**
 * `operations`: the stand-in holds these operations only (the early script inlined in index.html
 * names a dozen of the ~190: web/build/early-calls-inline.ts).
 */
export const routeTableForBrowser = ({ operations }: { operations?: readonly string[] } = {}): Plugin => ({
  name: 'wattwise-route-table-for-browser',
  enforce: 'pre',
  resolveId: (source, importer) => (ROUTES_MODULE.test(source) && importer?.startsWith(WEB_SOURCES) ? MODULE_ID : null),
  // The stand-in holds `API` only: a web module importing anything else of the table fails the build, not the browser.
  transform: (code, id) => {
    if (!id.startsWith(WEB_SOURCES)) return null;
    const others = valuesImportedBesidesApi(code);
    if (others.length) throw new Error(`${id} imports ${others.join(', ')} from @shared/api/routes; the web receives API only (web/build/route-table-for-browser.ts)`);
    return null;
  },
  load: (id) => (id === MODULE_ID ? routeTableModule(operations ? pickOperations(API, operations) : API) : null),
});

/**
 * The stand-in's code: each operation as one `METHOD path` string, expanded into the table's
 * `{ operation, method, path }` when the module loads — half the code to parse of the objects
 * written out, in the first screen's JavaScript.
 */
export const routeTableModule = (api: Record<string, { method: string; path: string }>): string => {
  const table = Object.fromEntries(Object.entries(api).map(([operation, route]) => [operation, `${route.method} ${route.path}`]));
  return [
    `const table = ${JSON.stringify(table)};`,
    "export const API = Object.fromEntries(Object.entries(table).map(([operation, route]) => { const [method, path] = route.split(' '); return [operation, { operation, method, path }]; }));",
    '',
  ].join('\n');
};

/** The table's entries of these operations (an unknown one fails the build). */
export const pickOperations = <Route>(api: Record<string, Route>, operations: readonly string[]): Record<string, Route> =>
  Object.fromEntries(
    operations.map((operation) => {
      if (!(operation in api)) throw new Error(`No operation ${operation} in the route table`);
      return [operation, api[operation]!];
    }),
  );
