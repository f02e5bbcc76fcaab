import type { EndpointGroup, RouteDefinition } from './define-route';
import { usersRoutes } from './route-table/users';
import { customizationsRoutes } from './route-table/customizations';
import { systemRoutes } from './route-table/system';
import { applicationRoutes } from './route-table/application';
import { notificationsRoutes } from './route-table/notifications';
import { locationsRoutes } from './route-table/locations';
import { pointsRoutes } from './route-table/points';
import { dataRoutes } from './route-table/data';
import { filesRoutes } from './route-table/files';
import { dashboardsRoutes } from './route-table/dashboards';
import { imagesRoutes } from './route-table/images';
import { ftpRoutes } from './route-table/ftp';
import { sourcesRoutes } from './route-table/sources';
import { alertsRoutes } from './route-table/alerts';
import { remindersRoutes } from './route-table/reminders';
import { customersRoutes } from './route-table/customers';
import { weatherRoutes } from './route-table/weather';
import { emailRoutes } from './route-table/email';
import { exportsRoutes } from './route-table/exports';
import { reportsRoutes } from './route-table/reports';
import { subscriptionsRoutes } from './route-table/subscriptions';

export * from './define-route';

/**
 * Every route of the REST API (spec 1 §7, spec 2 §7, spec 3 §7) by operation name: one file per
 * endpoint group under `route-table/`, each entry saying everything about its route (see define-route).
 */
const TABLE = {
  ...usersRoutes,
  ...customizationsRoutes,
  ...systemRoutes,
  ...applicationRoutes,
  ...notificationsRoutes,
  ...locationsRoutes,
  ...pointsRoutes,
  ...dataRoutes,
  ...filesRoutes,
  ...dashboardsRoutes,
  ...imagesRoutes,
  ...ftpRoutes,
  ...sourcesRoutes,
  ...alertsRoutes,
  ...remindersRoutes,
  ...customersRoutes,
  ...weatherRoutes,
  ...emailRoutes,
  ...exportsRoutes,
  ...reportsRoutes,
  ...subscriptionsRoutes,
};

type Table = typeof TABLE;
export type OperationName = keyof Table;

/** The route table by operation name; `operation` is the key. */
export const API = Object.fromEntries(Object.entries(TABLE).map(([operation, entry]) => [operation, { ...entry, operation }])) as {
  [Name in OperationName]: Table[Name] & { operation: Name };
};

/** Every route of the REST API, as a list. */
export const ROUTES: readonly RouteDefinition[] = Object.values(API) as unknown as RouteDefinition[];

/** The operations one group's function serves. */
export type OperationsOf<Group extends EndpointGroup> = {
  [Name in OperationName]: Table[Name]['group'] extends Group ? Name : never;
}[OperationName];

export const routesOfGroup = (group: EndpointGroup): RouteDefinition[] => ROUTES.filter((candidate) => candidate.group === group);

export const routeKey = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;

/** The names of a path template's parameters (`/api/v2/data/{pointId}/{from}/{to}` → pointId, from, to). */
export const pathParameterNames = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);

export { fillPath } from './route-path';
