import { describe, expect, it } from 'vitest';
import { ANY_SIGNED_IN_USER, ROUTES } from '@shared/api/routes';
import { GLOBAL_RULES, mayCallGlobalRoute, type GlobalRule } from '@shared/permissions/global-rule';
import { ROLES, type Identity } from '@shared/permissions/roles';
import { isSystemKey } from '@shared/permissions/resource-keys';

/**
 * The routes whose effect crosses customers, from the route table: each with who may call it.
 * A route added to the table that crosses customers fails here until it is listed with its rule,
 * so nobody adds a way for one customer's user to change what every customer sees unseen.
 */
const RULES: Record<string, GlobalRule> = {
  changeCustomer: 'super-user',
  listSuperUsers: 'super-user',
  getSuperUser: 'super-user',
  createSuperUser: 'super-user',
  updateSuperUser: 'super-user',
  deleteSuperUser: 'super-user',
  listRegistrations: 'super-user',
  acceptRegistration: 'super-user',
  refuseRegistration: 'super-user',
  uploadCustomizationLogo: 'super-user',
  uploadCustomizationBackground: 'super-user',
  deleteCustomization: 'super-user',
  updateUsers: 'root',
  forceRestart: 'super-user',
  downloadDatabase: 'root',
  getDatabaseDump: 'root',
  checkUpdate: 'super-user',
  forceUpdate: 'super-user',
  reportSpy: 'vendor-signature',
  getDefaultAcl: 'super-user',
  updateDefaultAcl: 'super-user',
  getSystemConfig: 'super-user',
  updateSystemConfig: 'super-user',
  getCustomerAnalytics: 'super-user',
  listCustomers: 'super-user',
  getCustomer: 'super-user',
  createCustomer: 'super-user',
  updateCustomer: 'super-user',
  deleteCustomer: 'super-user',
  restoreCustomer: 'root',
  getLicense: 'super-user',
  uploadLicense: 'root',
  applyNewLicense: 'root',
  getSystemSmtp: 'super-user',
  saveSystemSmtp: 'super-user',
};

/**
 * Public routes that are not reads: each acts on one account (its own sign-in, registration or
 * password), never on what other customers see. Languages, customization and the anonymous
 * permissions are public reads.
 */
const PUBLIC_ACCOUNT_ROUTES = ['authenticate', 'autoLogin', 'register', 'forgotPassword', 'setPassword'];

const IDENTITIES: Record<string, Identity> = {
  member: { role: 'member', isRoot: false },
  'customer administrator': { role: 'administrator', isRoot: false },
  'super user': { role: 'super_administrator', isRoot: false },
  root: { role: 'root_administrator', isRoot: true },
};

const globalRoutes = ROUTES.filter((route) => route.global !== null);
const whoMayCall = (rule: GlobalRule) => Object.entries(IDENTITIES).filter(([, identity]) => mayCallGlobalRoute(rule, identity)).map(([name]) => name);

/** tests/integration/global-routes.test.ts calls each of them as customers' users on the deployed API. */
describe('routes that cross customers', () => {
  it('are every one listed with its rule, and no other', () => {
    expect(Object.fromEntries(globalRoutes.map((route) => [route.operation, route.global]))).toEqual(RULES);
  });

  it('include every route behind a system key', () => {
    const behindSystemKeys = ROUTES.filter((route) => route.permission !== null && route.permission !== ANY_SIGNED_IN_USER && isSystemKey(route.permission));
    expect(behindSystemKeys.filter((route) => route.global === null).map((route) => route.operation)).toEqual([]);
  });

  it('leave the public routes to reads and to acts on one account', () => {
    const publicWrites = ROUTES.filter((route) => route.access === 'public' && route.method !== 'GET').map((route) => route.operation);
    expect(publicWrites.sort()).toEqual([...PUBLIC_ACCOUNT_ROUTES].sort());
  });

  it('let members and customer administrators through only where the vendor signs what they relay', () => {
    const table = Object.fromEntries(GLOBAL_RULES.map((rule) => [rule, whoMayCall(rule)]));
    expect(table).toEqual({
      'super-user': ['super user', 'root'],
      root: ['root'],
      'vendor-signature': ['member', 'customer administrator', 'super user', 'root'],
    });
    // Every role of the product is one of the identities above.
    expect(new Set(Object.values(IDENTITIES).map((identity) => identity.role))).toEqual(new Set(ROLES));
  });
});

