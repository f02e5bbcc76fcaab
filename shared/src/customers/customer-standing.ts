import type { Customer } from '../schemas/customer';

export type CustomerStanding = 'active' | 'deactivated' | 'not_started' | 'ended' | 'deleting';

/**
 * Where a customer stands at an instant: its users work only while it is active, within its
 * subscription dates (either may be open) and not being deleted.
 */
export const customerStanding = (
  customer: Pick<Customer, 'active' | 'subscription_start' | 'subscription_end' | 'deleting'>,
  now: Date,
): CustomerStanding => {
  if (customer.deleting) return 'deleting';
  if (!customer.active) return 'deactivated';
  if (customer.subscription_start && now.getTime() < Date.parse(customer.subscription_start)) return 'not_started';
  if (customer.subscription_end && now.getTime() > Date.parse(customer.subscription_end)) return 'ended';
  return 'active';
};

/** Whether a customer's users are refused ('Customer account deactivated'); super users never are. */
export const isCustomerClosed = (customer: Parameters<typeof customerStanding>[0], now: Date): boolean =>
  customerStanding(customer, now) !== 'active';
