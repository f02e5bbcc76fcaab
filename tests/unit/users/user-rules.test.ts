import { describe, expect, it } from 'vitest';
import { registrationRequestSchema, setPasswordRequestSchema } from '@shared/schemas/user-admin';
import {
  customerOfUser,
  mayAssignRole,
  rolesOfferedForSuperUser,
  rolesOfferedForUser,
  storedAllowedLocations,
} from '@shared/users/user-rules';

const administrator = { role: 'administrator' as const, isRoot: false };
const superUser = { role: 'super_administrator' as const, isRoot: false };
const root = { role: 'root_administrator' as const, isRoot: true };
const LOCATIONS = ['loc-a', 'loc-b', 'loc-c'];

describe('roles offered on the user screens', () => {
  it('offers member and administrator when adding a user, whoever adds', () => {
    expect(rolesOfferedForUser(administrator, false)).toEqual(['member', 'administrator']);
    expect(rolesOfferedForUser(root, false)).toEqual(['member', 'administrator']);
  });

  it('also offers super_administrator when root edits a user, and only then', () => {
    expect(rolesOfferedForUser(root, true)).toEqual(['member', 'administrator', 'super_administrator']);
    expect(rolesOfferedForUser(superUser, true)).toEqual(['member', 'administrator']);
    expect(rolesOfferedForUser(administrator, true)).toEqual(['member', 'administrator']);
  });

  it('offers super_administrator when adding a super user, and root_administrator on edit to root only', () => {
    expect(rolesOfferedForSuperUser(root, false)).toEqual(['super_administrator']);
    expect(rolesOfferedForSuperUser(root, true)).toEqual(['super_administrator', 'root_administrator']);
    expect(rolesOfferedForSuperUser(superUser, true)).toEqual(['super_administrator']);
  });

  it('lets only super users give super_administrator and only root give root_administrator', () => {
    expect(mayAssignRole(administrator, 'administrator')).toBe(true);
    expect(mayAssignRole(administrator, 'super_administrator')).toBe(false);
    expect(mayAssignRole(superUser, 'super_administrator')).toBe(true);
    expect(mayAssignRole(superUser, 'root_administrator')).toBe(false);
    expect(mayAssignRole(root, 'root_administrator')).toBe(true);
  });
});

describe('locations of a user', () => {
  it('keeps the chosen locations of a member', () => {
    expect(storedAllowedLocations('member', ['loc-b', 'loc-a'], LOCATIONS)).toEqual(['loc-b', 'loc-a']);
  });

  it('stores view when a member is given every location', () => {
    expect(storedAllowedLocations('member', ['loc-c', 'loc-a', 'loc-b'], LOCATIONS)).toBe('view');
    expect(storedAllowedLocations('member', 'view', LOCATIONS)).toBe('view');
  });

  it('refuses a member without any location, or with only ids that are not the customer\'s', () => {
    expect(storedAllowedLocations('member', [], LOCATIONS)).toBeNull();
    expect(storedAllowedLocations('member', undefined, LOCATIONS)).toBeNull();
    expect(storedAllowedLocations('member', ['loc-other-customer'], LOCATIONS)).toBeNull();
  });

  it('drops ids that are not the customer\'s from a member\'s choice', () => {
    expect(storedAllowedLocations('member', ['loc-a', 'loc-other-customer', 'loc-a'], LOCATIONS)).toEqual(['loc-a']);
  });

  it('gives administrators and super users every location whatever was chosen', () => {
    expect(storedAllowedLocations('administrator', ['loc-a'], LOCATIONS)).toBe('view');
    expect(storedAllowedLocations('super_administrator', undefined, LOCATIONS)).toBe('view');
  });
});

describe('customer of a user', () => {
  it('attaches the current customer to customer roles and none to super users', () => {
    expect(customerOfUser('member', 'cust-1')).toBe('cust-1');
    expect(customerOfUser('administrator', 'cust-1')).toBe('cust-1');
    expect(customerOfUser('super_administrator', 'cust-1')).toBeNull();
    expect(customerOfUser('root_administrator', 'cust-1')).toBeNull();
  });
});

describe('passwords chosen on the public screens', () => {
  const registration = { email: 'jeanne@example.com', first_name: 'Jeanne', last_name: 'Martin', terms: true, password: 'secret1', password_confirm: 'secret1' };
  const token = 'a'.repeat(43);

  it('takes 6 to 20 characters with an equal confirmation', () => {
    expect(registrationRequestSchema.safeParse(registration).success).toBe(true);
    expect(setPasswordRequestSchema.safeParse({ token, password: '123456', password_confirm: '123456' }).success).toBe(true);
    expect(setPasswordRequestSchema.safeParse({ token, password: 'x'.repeat(20), password_confirm: 'x'.repeat(20) }).success).toBe(true);
  });

  it('refuses a password of 5 or 21 characters, or a different confirmation', () => {
    expect(setPasswordRequestSchema.safeParse({ token, password: '12345', password_confirm: '12345' }).success).toBe(false);
    expect(setPasswordRequestSchema.safeParse({ token, password: 'x'.repeat(21), password_confirm: 'x'.repeat(21) }).success).toBe(false);
    expect(setPasswordRequestSchema.safeParse({ token, password: '123456', password_confirm: '123457' }).success).toBe(false);
  });

  it('refuses a registration without names, with a bad e-mail or without the terms accepted', () => {
    expect(registrationRequestSchema.safeParse({ ...registration, first_name: ' ' }).success).toBe(false);
    expect(registrationRequestSchema.safeParse({ ...registration, email: 'jeanne' }).success).toBe(false);
    expect(registrationRequestSchema.safeParse({ ...registration, terms: false }).success).toBe(false);
  });
});
