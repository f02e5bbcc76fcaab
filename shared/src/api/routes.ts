import type { Action, ResourceKey } from '../permissions/resource-keys';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One Lambda function serves each group. */
export const ENDPOINT_GROUPS = ['users', 'system', 'application', 'notifications', 'locations', 'points', 'data'] as const;
export type EndpointGroup = (typeof ENDPOINT_GROUPS)[number];

export interface RouteDefinition {
  /** Stable name the handler dispatches on. */
  operation: string;
  method: HttpMethod;
  /** Path under the API base, in API Gateway template form (`/api/v1/tabs/{id}`). */
  path: string;
  group: EndpointGroup;
  /** `public` routes run without the authorizer. */
  access: 'public' | 'signed-in';
  /** Permission key the caller's role must view; null when any signed-in user may call it. */
  permission: ResourceKey | null;
  /** What the caller does on that key: viewing, creating, editing or deleting. */
  action: Action;
  premium: boolean;
}

const route = (
  operation: string,
  method: HttpMethod,
  path: string,
  group: EndpointGroup,
  options: Partial<Pick<RouteDefinition, 'access' | 'permission' | 'action' | 'premium'>> = {},
): RouteDefinition => ({
  operation,
  method,
  path,
  group,
  access: options.access ?? 'signed-in',
  permission: options.permission ?? null,
  action: options.action ?? 'view',
  premium: options.premium ?? false,
});

const SETTINGS = { permission: 'app.settings.locations_and_points' } as const;

/** Every route of the REST API (spec 1 §7, spec 2 §7, spec 3 §7), as it grows issue by issue. */
export const ROUTES: readonly RouteDefinition[] = [
  route('authenticate', 'POST', '/api/v1/users/authenticate', 'users', { access: 'public' }),
  route('autoLogin', 'POST', '/api/v1/users/auto_login', 'users', { access: 'public' }),
  route('changeCustomer', 'POST', '/api/v1/users/change-customer', 'users', {
    permission: 'app.show_all_customers',
  }),
  route('setLastNotificationRead', 'GET', '/api/v1/users/set_last_notification_read', 'users'),
  route('getCustomizations', 'GET', '/api/v1/system/customizations', 'system', { access: 'public' }),
  route('getAnonymousAcl', 'GET', '/api/v1/acl', 'system', { access: 'public' }),
  route('updateUsers', 'GET', '/api/v1/application/update-users', 'application'),
  route('listUnreadNotifications', 'GET', '/api/v1/notifications/unread', 'notifications', {
    permission: 'app.notifications',
  }),

  route('listLocations', 'GET', '/api/v2/locations', 'locations'),
  route('createLocation', 'POST', '/api/v2/locations', 'locations', { ...SETTINGS, action: 'create' }),
  route('updateLocation', 'PUT', '/api/v2/locations', 'locations', { ...SETTINGS, action: 'edit' }),
  route('updateLocationV1', 'PUT', '/api/v1/locations', 'locations', { ...SETTINGS, action: 'edit' }),
  route('positionLocations', 'PUT', '/api/v2/locations/position', 'locations', { ...SETTINGS, action: 'edit' }),
  route('positionLocationsV1', 'PUT', '/api/v1/locations/position', 'locations', { ...SETTINGS, action: 'edit' }),
  route('deleteLocation', 'DELETE', '/api/v1/locations/{id}', 'locations', { ...SETTINGS, action: 'delete' }),
  route('listPointsWithoutLocation', 'GET', '/api/v1/locations/points/alone', 'locations'),
  route('listPointsOfLocation', 'GET', '/api/v1/locations/points/{locationId}', 'locations'),

  route('pointDefinitions', 'GET', '/api/v1/points/definitions', 'points'),
  route('listPointsOfSelection', 'GET', '/api/v2/points/get-all/{locationId}', 'points'),
  route('listPoints', 'GET', '/api/v1/points', 'points'),
  route('listPointsWithLocationNames', 'GET', '/api/v1/points/get-all-with-locations-name', 'points'),
  route('createPoint', 'POST', '/api/v1/points', 'points', { ...SETTINGS, action: 'create' }),
  route('updatePoint', 'PUT', '/api/v1/points', 'points', { ...SETTINGS, action: 'edit' }),
  route('checkTechnicalId', 'POST', '/api/v1/points/check-unique-technical-id', 'points', SETTINGS),
  route('positionPoints', 'PUT', '/api/v1/points/position', 'points', { ...SETTINGS, action: 'edit' }),
  route('mergePoints', 'PUT', '/api/v1/points/merge', 'points', { ...SETTINGS, action: 'edit' }),
  route('deletePoint', 'DELETE', '/api/v1/points/{id}', 'points', { ...SETTINGS, action: 'delete' }),

  route('ingestData', 'POST', '/api/v1/data', 'data', { permission: 'app.manual_entry', action: 'create' }),
  route('deleteData', 'DELETE', '/api/v2/data/{pointId}/{from}/{to}', 'data', { ...SETTINGS, action: 'delete' }),
  route('querySeries', 'POST', '/api/v1/series/query', 'data', { permission: 'app.dashboard' }),
  route('aggregateIpmvp', 'POST', '/api/v1/data/aggregate/IPMVP', 'data', { permission: 'app.dashboard' }),
];

export const routesOfGroup = (group: EndpointGroup): RouteDefinition[] =>
  ROUTES.filter((candidate) => candidate.group === group);

export const routeKey = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;
