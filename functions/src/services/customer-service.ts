import { customerStanding } from '@shared/customers/customer-standing';
import { customerDeletionState, purgeTimeOf } from '@shared/customers/restore-window';
import type { Customer, CustomerAnalytics, CustomerInput } from '@shared/schemas/customer';
import { customerInputSchema } from '@shared/schemas/customer';
import type { z } from 'zod';
import {
  countLocationsOfCustomer,
  countPointsOfCustomer,
  createCustomerItem,
  getCustomer,
  listCustomers,
  updateCustomerFields,
} from '../data/customer-repository';
import { listUsersOfCustomer } from '../data/user-repository';
import { markCustomerDeleted, unmarkCustomerDeleted } from '../data/customer-deletion-repository';
import { forgetCustomerFacts } from './access-service';
import { seedCustomerAcl } from './acl-service';
import { AppError } from '../errors';
import { logger } from '../logger';
import { assertWithinLicense, countCustomers } from './license-service';
import { newId } from './new-id';
import { type Caller } from './caller';
import { isKnownTimezone } from './timezones';

type ParsedInput = z.output<typeof customerInputSchema>;

const assertTimezone = (input: ParsedInput) => {
  if (!isKnownTimezone(input.timezone)) throw new AppError('validation_failed', { details: { field: 'timezone' } });
};

const fieldsOf = (input: ParsedInput): Omit<Customer, '_id'> => ({
  name: input.name,
  timezone: input.timezone,
  ...(input.cca2 ? { cca2: input.cca2 } : {}),
  is_premium: input.is_premium,
  active: input.active,
  subscription_start: input.subscription_start,
  subscription_end: input.subscription_end,
});

export const listAllCustomers = (): Promise<Customer[]> => listCustomers();

export const getCustomerById = async (customerId: string): Promise<Customer> => {
  const customer = await getCustomer(customerId);
  if (!customer) throw new AppError('customer_not_found');
  return customer;
};

/** The customer the caller works in. */
export const getCurrentCustomerInformation = async (caller: Caller) => {
  if (!caller.customerId) throw new AppError('customer_not_found');
  const { _id, name, timezone, cca2, is_premium, active, subscription_start, subscription_end } = await getCustomerById(caller.customerId);
  return { _id, name, timezone, cca2, is_premium, active, subscription_start, subscription_end };
};

/** A new customer, within the licence, with its permission map seeded with the product defaults. */
export const createCustomer = async (input: ParsedInput): Promise<Customer> => {
  assertTimezone(input);
  const before = countCustomers(await listCustomers());
  await assertWithinLicense(before, { customers: before.customers + 1, premium: before.premium + (input.is_premium ? 1 : 0) });
  const customer: Customer = { _id: newId('customer'), ...fieldsOf(input) };
  // The map first: a customer never exists without its permissions (a retry after a failure between the two writes makes a new id).
  await seedCustomerAcl(customer._id);
  await createCustomerItem(customer);
  logger.info('customer created', { customer: customer._id });
  return customer;
};

export const updateCustomer = async (input: ParsedInput & { _id: string }): Promise<Customer> => {
  assertTimezone(input);
  const customers = await listCustomers();
  const existing = customers.find((customer) => customer._id === input._id) ?? (await getCustomer(input._id));
  if (!existing) throw new AppError('customer_not_found');
  if (existing.deleting) throw new AppError('customer_deletion_in_progress');
  const before = countCustomers(customers);
  const after = countCustomers(customers.map((customer) => (customer._id === input._id ? { ...customer, is_premium: input.is_premium } : customer)));
  await assertWithinLicense(before, after);
  const fields = fieldsOf(input);
  await updateCustomerFields(input._id, fields);
  return { ...existing, ...fields, _id: input._id };
};

/**
 * Deletes a customer, restorably: it is marked in one conditional write (from then on none of its
 * users signs in or calls anything, and it counts for no licence) with the end of its restore
 * window; nothing of it is removed until then. Once the window is over the purge sweep (the
 * customer-deletion function, run on a schedule) removes its data. Asking again answers the same
 * purge time and changes nothing. The customer the caller works in cannot be deleted (the caller
 * switches to another one first).
 */
export const requestCustomerDeletion = async (caller: Caller, customerId: string, now: Date = new Date()) => {
  const customer = await getCustomer(customerId);
  if (!customer) throw new AppError('customer_not_found');
  if (caller.customerId === customerId) throw new AppError('customer_in_use');
  const { purge_at } = await markCustomerDeleted(customerId, now, purgeTimeOf(now), caller.userId);
  logger.info('customer deleted, restorable until its purge', { customer: customerId, purge_at });
  return { deleting: true as const, purge_at };
};

/**
 * Brings a deleted customer back whole within its restore window: nothing of it was removed, so
 * taking the mark away is the restore (its users sign in again, its schedules, which stayed, work
 * again). It counts for the licence again, so the licence must have room for it. Refused for an
 * unknown (or purged) customer, one not deleted, and one whose window is over.
 */
export const restoreCustomer = async (customerId: string, now: Date = new Date()): Promise<Customer> => {
  // Read consistently (the list comes from an index, which may lag a deletion just made).
  const [customer, listed] = await Promise.all([getCustomer(customerId), listCustomers()]);
  if (!customer) throw new AppError('customer_not_found');
  const state = customerDeletionState(customer, now);
  if (state === 'none') throw new AppError('customer_not_deleted');
  if (state !== 'restorable') throw new AppError('customer_restore_window_over');
  const others = listed.filter((candidate) => candidate._id !== customerId);
  const before = countCustomers([...others, customer]);
  const after = countCustomers([...others, { ...customer, deleting: false }]);
  await assertWithinLicense(before, after);
  await unmarkCustomerDeleted(customerId, now);
  forgetCustomerFacts(customerId);
  logger.info('customer restored', { customer: customerId });
  const { deleting: _deleting, deletion_requested_at: _requested, purge_at: _purge, ...restored } = customer;
  return restored;
};

/** The latest of the users' sign-ins (`last_login_at`, written by each sign-in), or null when none signed in yet. */
const lastSignInOf = (users: readonly object[]): string | null =>
  users.reduce<string | null>((latest, user) => {
    const at = (user as { last_login_at?: unknown }).last_login_at;
    return typeof at === 'string' && (!latest || at > latest) ? at : latest;
  }, null);

/**
 * Per customer: standing, users, locations, points, last sign-in (what an operator of the service
 * watches), each read from the customer's small lists, so a customer of 20,000 points costs a count
 * of its points' list, not a read of its whole partition three times.
 */
export const customerAnalytics = async (now: Date = new Date()): Promise<CustomerAnalytics> =>
  Promise.all(
    (await listCustomers()).map(async (customer) => {
      const [users, locations, points] = await Promise.all([
        listUsersOfCustomer(customer._id),
        countLocationsOfCustomer(customer._id),
        countPointsOfCustomer(customer._id),
      ]);
      return {
        _id: customer._id,
        name: customer.name,
        is_premium: customer.is_premium,
        standing: customerStanding(customer, now),
        users: users.length,
        locations,
        points,
        last_login_at: lastSignInOf(users),
      };
    }),
  );

export type { CustomerInput };
