import { describe, expect, it } from 'vitest';
import { can, decideAccess, permissionSetFor } from '@shared/permissions/abilities';
import { DEFAULT_PERMISSIONS, permissionMapInCustomer } from '@shared/permissions/default-permissions';
import { isPremiumKey } from '@shared/permissions/resource-keys';
import { isRootUser, isSuperUser } from '@shared/permissions/roles';

describe('permission rules', () => {
  it('grants an ability only for keys whose actions include view', () => {
    const set = { 'app.dashboard': ['view', 'edit'] as const, 'app.reports': ['edit'] as const };
    expect(can(set as never, 'app.dashboard')).toBe(true);
    expect(can(set as never, 'app.dashboard', 'edit')).toBe(true);
    expect(can(set as never, 'app.reports', 'edit')).toBe(false);
    expect(can(set as never, 'app.alerts')).toBe(false);
  });

  it('selects the set of the internal role', () => {
    expect(can(permissionSetFor(DEFAULT_PERMISSIONS, 'member'), 'app.settings.users')).toBe(false);
    expect(can(permissionSetFor(DEFAULT_PERMISSIONS, 'administrator'), 'app.settings.users')).toBe(true);
  });

  it('gives the customer selector to super users and root only', () => {
    for (const role of ['member', 'administrator'] as const) {
      expect(can(permissionSetFor(DEFAULT_PERMISSIONS, role), 'app.show_all_customers')).toBe(false);
    }
    for (const role of ['super_administrator', 'root_administrator'] as const) {
      expect(can(permissionSetFor(DEFAULT_PERMISSIONS, role), 'app.show_all_customers')).toBe(true);
    }
  });

  it('treats root_administrator and super_administrator types as super users, is_root alone as root', () => {
    expect(isSuperUser({ role: 'super_administrator', isRoot: false })).toBe(true);
    expect(isSuperUser({ role: 'root_administrator', isRoot: false })).toBe(true);
    expect(isSuperUser({ role: 'administrator', isRoot: false })).toBe(false);
    expect(isRootUser({ role: 'root_administrator', isRoot: false })).toBe(false);
    expect(isRootUser({ role: 'member', isRoot: true })).toBe(true);
  });

  it('gates maplytics, reports, alerts, reminders and exports behind premium', () => {
    for (const key of ['app.maplytics', 'app.reports', 'app.alerts', 'app.reminders', 'app.exports'] as const) {
      expect(isPremiumKey(key)).toBe(true);
    }
    expect(isPremiumKey('app.dashboard')).toBe(false);
    expect(isPremiumKey('app.manual_entry')).toBe(false);
  });
});

describe('permission maps per customer', () => {
  it('takes a customer\'s own sets for its roles and never for super users', () => {
    const stored = { member: { 'app.dashboard': ['view' as const] }, super_administrator: {} };
    const map = permissionMapInCustomer(stored);
    expect(map.member).toEqual({ 'app.dashboard': ['view'] });
    expect(map.administrator).toEqual(DEFAULT_PERMISSIONS.administrator);
    expect(map.super_administrator).toEqual(DEFAULT_PERMISSIONS.super_administrator);
    expect(permissionMapInCustomer(null)).toEqual(DEFAULT_PERMISSIONS);
  });
});

describe('route guard decision', () => {
  const member = permissionSetFor(DEFAULT_PERMISSIONS, 'member');

  it('asks anonymous visitors to log in', () => {
    expect(decideAccess({ loggedIn: false, permissions: member, isPremium: true }, 'app.dashboard')).toBe('login');
  });

  it('refuses a key the role lacks for rights', () => {
    expect(decideAccess({ loggedIn: true, permissions: member, isPremium: true }, 'app.settings.users')).toBe('rights');
  });

  it('refuses a premium page on a non-premium customer for the licence', () => {
    expect(decideAccess({ loggedIn: true, permissions: member, isPremium: false }, 'app.alerts')).toBe('license');
    expect(decideAccess({ loggedIn: true, permissions: member, isPremium: true }, 'app.alerts')).toBe('allowed');
  });
});
