import type { z } from 'zod';
import type { Action, ResourceKey } from '../permissions/resource-keys';
import { locationInputSchema, locationPositionV1Schema, locationPositionV2Schema } from '../schemas/location-input';
import {
  ipmvpAggregateRequestSchema,
  pointMergeRequestSchema,
  pointPositionRequestSchema,
  pointSaveRequestSchema,
  technicalIdCheckRequestSchema,
} from '../schemas/point-requests';
import { dataIngestRequestSchema, seriesQuerySchema } from '../schemas/series';
import { authenticateRequestSchema, autoLoginRequestSchema, changeCustomerRequestSchema } from '../schemas/session';

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
  /** The request body's schema: the handler validates with it, the OpenAPI document shows it. */
  body?: z.ZodType;
}

const route = (
  operation: string,
  method: HttpMethod,
  path: string,
  group: EndpointGroup,
  options: Partial<Pick<RouteDefinition, 'access' | 'permission' | 'action' | 'premium' | 'body'>> = {},
): RouteDefinition => ({
  operation,
  method,
  path,
  group,
  access: options.access ?? 'signed-in',
  permission: options.permission ?? null,
  action: options.action ?? 'view',
  premium: options.premium ?? false,
  body: options.body,
});

const SETTINGS = { permission: 'app.settings.locations_and_points' } as const;

/** Every route of the REST API (spec 1 §7, spec 2 §7, spec 3 §7), as it grows issue by issue. */
export const ROUTES: readonly RouteDefinition[] = [
  route('authenticate', 'POST', '/api/v1/users/authenticate', 'users', { access: 'public', body: authenticateRequestSchema }),
  route('autoLogin', 'POST', '/api/v1/users/auto_login', 'users', { access: 'public', body: autoLoginRequestSchema }),
  route('changeCustomer', 'POST', '/api/v1/users/change-customer', 'users', {
    permission: 'app.show_all_customers',
    body: changeCustomerRequestSchema,
  }),
  route('setLastNotificationRead', 'GET', '/api/v1/users/set_last_notification_read', 'users'),
  route('getCustomizations', 'GET', '/api/v1/system/customizations', 'system', { access: 'public' }),
  route('getAnonymousAcl', 'GET', '/api/v1/acl', 'system', { access: 'public' }),
  route('getOpenApiDocument', 'GET', '/api/v1/openapi.json', 'system', { access: 'public' }),
  route('updateUsers', 'GET', '/api/v1/application/update-users', 'application'),
  route('listUnreadNotifications', 'GET', '/api/v1/notifications/unread', 'notifications', {
    permission: 'app.notifications',
  }),

  route('listLocations', 'GET', '/api/v2/locations', 'locations'),
  route('createLocation', 'POST', '/api/v2/locations', 'locations', { ...SETTINGS, action: 'create', body: locationInputSchema }),
  route('updateLocation', 'PUT', '/api/v2/locations', 'locations', { ...SETTINGS, action: 'edit', body: locationInputSchema }),
  route('updateLocationV1', 'PUT', '/api/v1/locations', 'locations', { ...SETTINGS, action: 'edit', body: locationInputSchema }),
  route('positionLocations', 'PUT', '/api/v2/locations/position', 'locations', {
    ...SETTINGS,
    action: 'edit',
    body: locationPositionV2Schema,
  }),
  route('positionLocationsV1', 'PUT', '/api/v1/locations/position', 'locations', {
    ...SETTINGS,
    action: 'edit',
    body: locationPositionV1Schema,
  }),
  route('deleteLocation', 'DELETE', '/api/v1/locations/{id}', 'locations', { ...SETTINGS, action: 'delete' }),
  route('listPointsWithoutLocation', 'GET', '/api/v1/locations/points/alone', 'locations'),
  route('listPointsOfLocation', 'GET', '/api/v1/locations/points/{locationId}', 'locations'),

  route('pointDefinitions', 'GET', '/api/v1/points/definitions', 'points'),
  route('listPointsOfSelection', 'GET', '/api/v2/points/get-all/{locationId}', 'points'),
  route('listPoints', 'GET', '/api/v1/points', 'points'),
  route('listPointsWithLocationNames', 'GET', '/api/v1/points/get-all-with-locations-name', 'points'),
  route('createPoint', 'POST', '/api/v1/points', 'points', { ...SETTINGS, action: 'create', body: pointSaveRequestSchema }),
  route('updatePoint', 'PUT', '/api/v1/points', 'points', { ...SETTINGS, action: 'edit', body: pointSaveRequestSchema }),
  route('checkTechnicalId', 'POST', '/api/v1/points/check-unique-technical-id', 'points', {
    ...SETTINGS,
    body: technicalIdCheckRequestSchema,
  }),
  route('positionPoints', 'PUT', '/api/v1/points/position', 'points', { ...SETTINGS, action: 'edit', body: pointPositionRequestSchema }),
  route('mergePoints', 'PUT', '/api/v1/points/merge', 'points', { ...SETTINGS, action: 'edit', body: pointMergeRequestSchema }),
  route('deletePoint', 'DELETE', '/api/v1/points/{id}', 'points', { ...SETTINGS, action: 'delete' }),

  route('ingestData', 'POST', '/api/v1/data', 'data', { permission: 'app.manual_entry', action: 'create', body: dataIngestRequestSchema }),
  route('deleteData', 'DELETE', '/api/v2/data/{pointId}/{from}/{to}', 'data', { ...SETTINGS, action: 'delete' }),
  route('querySeries', 'POST', '/api/v1/series/query', 'data', { permission: 'app.dashboard', body: seriesQuerySchema }),
  route('aggregateIpmvp', 'POST', '/api/v1/data/aggregate/IPMVP', 'data', { permission: 'app.dashboard', body: ipmvpAggregateRequestSchema }),
];

export const routesOfGroup = (group: EndpointGroup): RouteDefinition[] =>
  ROUTES.filter((candidate) => candidate.group === group);

export const routeKey = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;
