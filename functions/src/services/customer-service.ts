import { customerStanding } from '@shared/customers/customer-standing';
import type { Customer, CustomerAnalytics, CustomerInput } from '@shared/schemas/customer';
import { customerInputSchema } from '@shared/schemas/customer';
import type { z } from 'zod';
import {
  countItemsOfCustomer,
  createCustomerItem,
  getCustomer,
  listCustomers,
  lastLoginOfCustomer,
  updateCustomerFields,
} from '../data/customer-repository';
import { claimCustomerDeletion, DELETION_STALE_MS, releaseCustomerDeletion } from '../data/customer-deletion-repository';
import { seedCustomerAcl } from './acl-service';
import { AppError } from '../errors';
import { logger } from '../logger';
import { launchCustomerDeletion } from './job-launcher';
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
 * Asks for a customer's deletion: it is marked and the deletion given to a new job in one
 * conditional write (from then on none of its users signs in or calls anything), then the job
 * removes its data, run after run. Asking again while a deletion runs answers that deletion's job
 * and starts nothing; a deletion silent for longer than a run can last is taken over and goes on
 * from its checkpoint. The customer the caller works in cannot be deleted (the caller switches to
 * another one first).
 */
export const requestCustomerDeletion = async (caller: Caller, customerId: string) => {
  const customer = await getCustomer(customerId);
  if (!customer) throw new AppError('customer_not_found');
  if (caller.customerId === customerId) throw new AppError('customer_in_use');
  const now = new Date();
  const claim = await claimCustomerDeletion(customerId, newId('job'), now, new Date(now.getTime() - DELETION_STALE_MS));
  if (!claim.started) {
    logger.info('customer deletion already under way', { customer: customerId, job: claim.job });
    return { deleting: true as const, job: claim.job };
  }
  try {
    await launchCustomerDeletion({ customerId, requestedBy: caller.userId, jobId: claim.job });
  } catch (error) {
    await releaseCustomerDeletion(customerId, claim.job);
    throw error;
  }
  logger.info('customer deletion requested', { customer: customerId, job: claim.job });
  return { deleting: true as const, job: claim.job };
};

/** Per customer: standing, users, locations, points, last sign-in (what an operator of the service watches). */
export const customerAnalytics = async (now: Date = new Date()): Promise<CustomerAnalytics> =>
  Promise.all(
    (await listCustomers()).map(async (customer) => {
      const [users, locations, points, lastLogin] = await Promise.all([
        countItemsOfCustomer(customer._id, 'USER#'),
        countItemsOfCustomer(customer._id, 'LOC#'),
        countItemsOfCustomer(customer._id, 'PT#'),
        lastLoginOfCustomer(customer._id),
      ]);
      return {
        _id: customer._id,
        name: customer.name,
        is_premium: customer.is_premium,
        standing: customerStanding(customer, now),
        users,
        locations,
        points,
        last_login_at: lastLogin,
      };
    }),
  );

export type { CustomerInput };
