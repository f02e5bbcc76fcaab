import type { ResourceKey } from '../permissions/resource-keys';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One Lambda function serves each group. */
export const ENDPOINT_GROUPS = ['users', 'system', 'application', 'notifications'] as const;
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
  premium: boolean;
}

const route = (
  operation: string,
  method: HttpMethod,
  path: string,
  group: EndpointGroup,
  options: Partial<Pick<RouteDefinition, 'access' | 'permission' | 'premium'>> = {},
): RouteDefinition => ({
  operation,
  method,
  path,
  group,
  access: options.access ?? 'signed-in',
  permission: options.permission ?? null,
  premium: options.premium ?? false,
});

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
];

export const routesOfGroup = (group: EndpointGroup): RouteDefinition[] =>
  ROUTES.filter((candidate) => candidate.group === group);

export const routeKey = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;
