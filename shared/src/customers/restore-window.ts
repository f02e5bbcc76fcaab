import { CUSTOMER_RESTORE_DAYS } from '../constants';
import type { Customer } from '../schemas/customer';

const DAY_MS = 86_400_000;

/** When a customer deleted at `deletedAt` is purged: the end of its restore window. */
export const purgeTimeOf = (deletedAt: Date): Date => new Date(deletedAt.getTime() + CUSTOMER_RESTORE_DAYS * DAY_MS);

/**
 * Where a customer's deletion stands at an instant: not deleted; deleted and restorable (its
 * window runs); deleted, its window over and its purge not begun yet; being purged (the job holds
 * a step). A deletion marked before the window existed (no purge time) is due at once.
 */
export type CustomerDeletionState = 'none' | 'restorable' | 'purge_due' | 'purging';

export const customerDeletionState = (customer: Pick<Customer, 'deleting' | 'purge_at' | 'deletion_phase'>, now: Date): CustomerDeletionState => {
  if (!customer.deleting) return 'none';
  if (customer.deletion_phase) return 'purging';
  if (customer.purge_at && now.getTime() < Date.parse(customer.purge_at)) return 'restorable';
  return 'purge_due';
};

/** Whether the purge job may take a deleted customer now (due, or one whose purge already began and is resumed). */
export const isPurgeDue = (customer: Parameters<typeof customerDeletionState>[0], now: Date): boolean => {
  const state = customerDeletionState(customer, now);
  return state === 'purge_due' || state === 'purging';
};
