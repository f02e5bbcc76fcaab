import { describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS, permissionMapInCustomer } from '@shared/permissions/default-permissions';
import { RESOURCE_KEYS } from '@shared/permissions/resource-keys';
import { ACL_GROUPS, CUSTOMER_KEYS, lockoutGaps, normalizeAcl } from '@shared/settings/acl-rules';
import { customerAclSchema, type CustomerAcl } from '@shared/schemas/system-settings';

const defaults = (): CustomerAcl => ({ member: { ...DEFAULT_PERMISSIONS.member }, administrator: { ...DEFAULT_PERMISSIONS.administrator } });

describe('the lockout guard of roles & permissions', () => {
  it('accepts the default map', () => {
    expect(lockoutGaps(defaults())).toEqual([]);
  });

  it('refuses an administrator role without the screen, without editing it, or without the settings menu', () => {
    const acl = defaults();
    const { 'app.settings.application.acl': _screen, ...withoutScreen } = acl.administrator;
    expect(lockoutGaps({ ...acl, administrator: withoutScreen })).toEqual(['app.settings.application.acl:view', 'app.settings.application.acl:edit']);
    expect(lockoutGaps({ ...acl, administrator: { ...acl.administrator, 'app.settings.application.acl': ['view'] } })).toEqual([
      'app.settings.application.acl:edit',
    ]);
    expect(lockoutGaps({ ...acl, administrator: { ...acl.administrator, 'app.settings': [] } })).toEqual(['app.settings:view']);
  });

  it('lets the member role lose anything, the screen included', () => {
    expect(lockoutGaps({ ...defaults(), member: {} })).toEqual([]);
  });
});

describe('the schema of a customer\'s map', () => {
  it('accepts the default sets of the customer roles', () => {
    expect(customerAclSchema.safeParse(defaults()).success).toBe(true);
  });

  it('refuses unknown keys, unknown actions, system keys and other roles', () => {
    expect(customerAclSchema.safeParse({ ...defaults(), member: { 'app.unknown': ['view'] } }).success).toBe(false);
    expect(customerAclSchema.safeParse({ ...defaults(), member: { 'app.dashboard': ['fly'] } }).success).toBe(false);
    expect(customerAclSchema.safeParse({ ...defaults(), administrator: { 'app.settings.system.configuration': ['view'] } }).success).toBe(false);
    expect(customerAclSchema.safeParse({ ...defaults(), administrator: { 'app.show_all_customers': ['view'] } }).success).toBe(false);
    expect(customerAclSchema.safeParse({ ...defaults(), super_administrator: {} }).success).toBe(false);
  });

  it('offers every key but the system ones, each in one group', () => {
    const system = RESOURCE_KEYS.filter((key) => key.startsWith('app.settings.system.') || key === 'app.settings.su' || key === 'app.show_all_customers');
    expect([...CUSTOMER_KEYS].sort()).toEqual(RESOURCE_KEYS.filter((key) => !system.includes(key)).sort());
    expect(new Set(CUSTOMER_KEYS).size).toBe(ACL_GROUPS.reduce((count, group) => count + group.keys.length, 0));
  });

  it('stores actions once each, in order, and drops keys left without any', () => {
    expect(normalizeAcl({ member: { 'app.dashboard': ['edit', 'view', 'edit'], 'app.about': [] }, administrator: {} })).toEqual({
      member: { 'app.dashboard': ['view', 'edit'] },
      administrator: {},
    });
  });
});

describe('the map in force in a customer', () => {
  it('is the customer\'s own, else the product defaults stored by super users, else the built-in ones; super users keep the product\'s', () => {
    const productDefaults = { member: { 'app.dashboard': ['view' as const] }, administrator: DEFAULT_PERMISSIONS.administrator };
    expect(permissionMapInCustomer(null, productDefaults).member).toEqual({ 'app.dashboard': ['view'] });
    expect(permissionMapInCustomer({ member: { 'app.about': ['view'] } }, productDefaults).member).toEqual({ 'app.about': ['view'] });
    expect(permissionMapInCustomer(null, { ...productDefaults, super_administrator: {} }).super_administrator).toEqual(DEFAULT_PERMISSIONS.super_administrator);
    expect(permissionMapInCustomer(null, null)).toEqual(DEFAULT_PERMISSIONS);
  });
});
