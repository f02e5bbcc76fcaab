import { DEFAULT_PERMISSIONS, permissionMapInCustomer, type PermissionMap } from '@shared/permissions/default-permissions';
import { lockoutGaps, normalizeAcl } from '@shared/settings/acl-rules';
import type { CustomerAcl, CustomerAclUpdate } from '@shared/schemas/system-settings';
import {
  getDefaultPermissionMap,
  getVersionedCustomerPermissionMap,
  putCustomerPermissionMap,
  putDefaultPermissionMap,
  replaceCustomerPermissionMap,
} from '../data/system-repository';
import { AppError } from '../errors';
import { forgetCustomerFacts } from './access-service';
import { type Caller } from './caller';

const customerPart = (map: PermissionMap): CustomerAcl => ({ member: map.member, administrator: map.administrator });

const workingCustomer = (caller: Caller): string => {
  if (!caller.customerId) throw new AppError('customer_not_found');
  return caller.customerId;
};

/** The map new customers are seeded with: the stored product defaults, else the built-in ones. */
export const productDefaultAcl = async (): Promise<CustomerAcl> => customerPart(permissionMapInCustomer(null, await getDefaultPermissionMap()));

/** A new customer's own copy of the product defaults (for the customer creation to call). */
export const seedCustomerAcl = async (customerId: string): Promise<void> => {
  const defaults = await productDefaultAcl();
  await putCustomerPermissionMap(customerId, { ...DEFAULT_PERMISSIONS, ...defaults });
};

export const getAclScreen = async (caller: Caller) => {
  const customerId = workingCustomer(caller);
  const [stored, defaults] = await Promise.all([getVersionedCustomerPermissionMap(customerId), getDefaultPermissionMap()]);
  return {
    permissions: customerPart(permissionMapInCustomer(stored.permissions, defaults)),
    defaults: customerPart(permissionMapInCustomer(null, defaults)),
    version: stored.version,
  };
};

const assertNoLockout = (acl: CustomerAcl): void => {
  const gaps = lockoutGaps(acl);
  if (gaps.length > 0) throw new AppError('acl_lockout', { data: { missing: gaps } });
};

/**
 * Replaces the customer's member and administrator sets, if no one saved them since they were read
 * (else 409 `settings_changed`, nothing written). The administrator role keeps what opens this
 * screen; the customer's users get the new map within the access cache's time, without signing in again.
 */
export const updateAcl = async (caller: Caller, { version, ...input }: CustomerAclUpdate) => {
  const customerId = workingCustomer(caller);
  const acl = normalizeAcl(input);
  assertNoLockout(acl);
  if (!(await replaceCustomerPermissionMap(customerId, { ...DEFAULT_PERMISSIONS, ...acl }, version))) throw new AppError('settings_changed');
  forgetCustomerFacts(customerId);
  return getAclScreen(caller);
};

export const getDefaultAcl = (): Promise<CustomerAcl> => productDefaultAcl();

/** Changes the product defaults: customers created afterwards, and those without a map of their own, get them. */
export const updateDefaultAcl = async (input: CustomerAcl): Promise<CustomerAcl> => {
  const acl = normalizeAcl(input);
  assertNoLockout(acl);
  await putDefaultPermissionMap(acl);
  return productDefaultAcl();
};
