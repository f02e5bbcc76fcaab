import { ANY_SIGNED_IN_USER, type RouteDefinition } from '@shared/api/routes';
import { can, permissionSetFor } from '@shared/permissions/abilities';
import { DEFAULT_PERMISSIONS, permissionMapInCustomer, type PermissionMap } from '@shared/permissions/default-permissions';
import { mayCallGlobalRoute } from '@shared/permissions/global-rule';
import { isSuperUser } from '@shared/permissions/roles';
import { customerStanding } from '@shared/customers/customer-standing';
import type { Customer } from '@shared/schemas/customer';
import { getCustomer } from '../data/customer-repository';
import { getUser } from '../data/user-repository';
import { getCustomerPermissionMap, getDefaultPermissionMap } from '../data/system-repository';
import { config } from '../config';
import { AppError } from '../errors';
import { type Caller } from './caller';

/**
 * How long a function instance trusts what it read of a customer (active, premium, permission
 * map): a deactivated customer's users are refused within this time, not when their token ends.
 * 15 s unless the deployment says otherwise (`ACCESS_FACTS_TTL_MS`: the test deployment's is shorter).
 */
const CUSTOMER_FACTS_TTL_MS = config.ACCESS_FACTS_TTL_MS;

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

/**
 * Whether a caller's user still exists, trusted for as long as customer facts: a deleted user's
 * token stops working within this time in every function, not when the token ends.
 */
const USER_FACTS_TTL_MS = CUSTOMER_FACTS_TTL_MS;
const users = new Map<string, { exists: boolean; readAt: number }>();

const userExists = async (caller: Caller, now = Date.now()): Promise<boolean> => {
  const known = users.get(caller.userId);
  if (known && now - known.readAt < USER_FACTS_TTL_MS) return known.exists;
  const exists = (await getUser(caller.homeCustomerId, caller.userId)) !== null;
  users.set(caller.userId, { exists, readAt: now });
  return exists;
};

/** Drops what this instance knows of a user (after the users function changed or deleted it). */
export const forgetUser = (userId: string): void => {
  users.delete(userId);
};

/** After a change of a customer's map: this instance reads it again at once (others within the TTL). */
export const forgetCustomerFacts = (customerId: string): void => {
  cache.delete(customerId);
};

/** The customer as this instance last read it (within the customer facts' TTL); null when it does not exist. */
export const knownCustomer = async (customerId: string): Promise<Customer | null> => (await customerFacts(customerId)).customer;

/** The permission map a customer's users sign in with. */
export const permissionsOfCustomer = async (customerId: string): Promise<PermissionMap> => (await customerFacts(customerId)).permissions;

/**
 * What the route table says of a signed-in route, enforced: the caller's user still exists, the
 * customer is active and within its subscription dates (super users excepted; nobody works in a
 * customer being deleted), the caller's role holds the permission and action (root-only routes: root;
 * routes that cross customers: their global rule), and the customer is premium where the route is.
 */
export const assertRouteAllowed = async (route: RouteDefinition, caller: Caller): Promise<void> => {
  const [facts, exists] = await Promise.all([caller.customerId ? customerFacts(caller.customerId) : null, userExists(caller)]);
  if (!exists) throw new AppError('unauthorized');
  if (caller.customerId && !facts?.customer) throw new AppError('customer_not_found');
  if (facts?.customer) {
    // Outside its subscription or deactivated: its own users are refused; being deleted: everyone is.
    const standing = customerStanding(facts.customer, new Date());
    if (standing === 'deleting' || (standing !== 'active' && !isSuperUser(caller))) throw new AppError('customer_deactivated');
  }
  const permissions = facts?.permissions ?? DEFAULT_PERMISSIONS;
  if (route.permission !== ANY_SIGNED_IN_USER && route.permission !== null) {
    if (!can(permissionSetFor(permissions, caller.role), route.permission, route.action)) throw new AppError('forbidden');
  }
  if (route.rootOnly && !caller.isRoot) throw new AppError('forbidden');
  // A route that crosses customers: never a customer's member or administrator on their own word, whatever their map holds.
  if (route.global && !mayCallGlobalRoute(route.global, caller)) throw new AppError('forbidden');
  if (route.premium && !facts?.customer?.is_premium) throw new AppError('premium_required');
};
