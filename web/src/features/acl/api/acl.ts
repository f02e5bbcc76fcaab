import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import type { CustomerAcl, CustomerAclUpdate } from '@shared/schemas/system-settings';
import { callApi } from '../../../lib/http';

export const ACL_KEYS = {
  customer: ['acl', 'customer'] as const,
  defaults: ['acl', 'defaults'] as const,
};

/** The customer's map in force, with the product defaults it can be restored to. */
export const aclQueryOptions = () => queryOptions({ queryKey: ACL_KEYS.customer, queryFn: () => callApi(API.getAcl, {}) });

/** The product defaults (super users and root). */
export const defaultAclQueryOptions = () => queryOptions({ queryKey: ACL_KEYS.defaults, queryFn: () => callApi(API.getDefaultAcl, {}) });

/** Saves the map read at `version`: 409 `settings_changed` when someone else saved it since. */
export const saveAcl = (acl: CustomerAclUpdate) => callApi(API.updateAcl, { body: acl });

export const saveDefaultAcl = (acl: CustomerAcl) => callApi(API.updateDefaultAcl, { body: acl });
