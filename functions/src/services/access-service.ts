import { ANY_SIGNED_IN_USER, type RouteDefinition } from '@shared/api/routes';
import { can, permissionSetFor } from '@shared/permissions/abilities';
import { DEFAULT_PERMISSIONS, permissionMapInCustomer, type PermissionMap } from '@shared/permissions/default-permissions';
import { isSuperUser } from '@shared/permissions/roles';
import type { Customer } from '@shared/schemas/customer';
import { getCustomer } from '../data/customer-repository';
import { getCustomerPermissionMap, getDefaultPermissionMap } from '../data/system-repository';
import { AppError } from '../errors';
import type { Caller } from './session-service';

/**
 * How long a function instance trusts what it read of a customer (active, premium, permission
 * map): a deactivated customer's users are refused within this time, not when their token ends.
 */
const CUSTOMER_FACTS_TTL_MS = 15_000;

interface CustomerFacts {
  customer: Customer | null;
  permissions: PermissionMap;
  readAt: number;
}

const cache = new Map<string, CustomerFacts>();

const customerFacts = async (customerId: string, now = Date.now()): Promise<CustomerFacts> => {
  const known = cache.get(customerId);
  if (known && now - known.readAt < CUSTOMER_FACTS_TTL_MS) return known;
  const [customer, stored, defaults] = await Promise.all([getCustomer(customerId), getCustomerPermissionMap(customerId), getDefaultPermissionMap()]);
  const facts = { customer, permissions: permissionMapInCustomer(stored, defaults), readAt: now };
  cache.set(customerId, facts);
  return facts;
};

/** After a change of a customer's map: this instance reads it again at once (others within the TTL). */
export const forgetCustomerFacts = (customerId: string): void => {
  cache.delete(customerId);
};

/** The permission map a customer's users sign in with. */
export const permissionsOfCustomer = async (customerId: string): Promise<PermissionMap> => (await customerFacts(customerId)).permissions;

/**
 * What the route table says of a signed-in route, enforced: the customer is active (super users
 * excepted), the caller's role holds the permission and action (root-only routes: root), and the
 * customer is premium where the route is.
 */
export const assertRouteAllowed = async (route: RouteDefinition, caller: Caller): Promise<void> => {
  const facts = caller.customerId ? await customerFacts(caller.customerId) : null;
  if (caller.customerId && !facts?.customer) throw new AppError('customer_not_found');
  if (facts?.customer && !facts.customer.active && !isSuperUser(caller)) throw new AppError('customer_deactivated');
  const permissions = facts?.permissions ?? DEFAULT_PERMISSIONS;
  if (route.permission !== ANY_SIGNED_IN_USER && route.permission !== null) {
    if (!can(permissionSetFor(permissions, caller.role), route.permission, route.action)) throw new AppError('forbidden');
  }
  if (route.rootOnly && !caller.isRoot) throw new AppError('forbidden');
  if (route.premium && !facts?.customer?.is_premium) throw new AppError('premium_required');
};
