import { describe, expect, it } from 'vitest';
import { customerStanding, isCustomerClosed } from '@shared/customers/customer-standing';
import { customerInputSchema } from '@shared/schemas/customer';

const now = new Date('2026-06-15T12:00:00Z');
const open = { active: true, subscription_start: null, subscription_end: null };

describe('customer standing', () => {
  it('lets an active customer without subscription dates work', () => {
    expect(customerStanding(open, now)).toBe('active');
    expect(isCustomerClosed(open, now)).toBe(false);
  });

  it('closes a deactivated customer whatever its dates', () => {
    expect(customerStanding({ ...open, active: false }, now)).toBe('deactivated');
  });

  it('closes a customer before the start and after the end of its subscription', () => {
    expect(customerStanding({ ...open, subscription_start: '2026-07-01T00:00:00Z' }, now)).toBe('not_started');
    expect(customerStanding({ ...open, subscription_end: '2026-06-15T11:59:59Z' }, now)).toBe('ended');
    expect(isCustomerClosed({ ...open, subscription_end: '2026-06-15T11:59:59Z' }, now)).toBe(true);
  });

  it('keeps a customer open on the very instants its subscription starts and ends', () => {
    expect(customerStanding({ ...open, subscription_start: '2026-06-15T12:00:00Z', subscription_end: '2026-06-15T12:00:00Z' }, now)).toBe('active');
  });

  it('closes a customer being deleted before anything else', () => {
    expect(customerStanding({ ...open, active: false, deleting: true }, now)).toBe('deleting');
  });
});

describe('customer form', () => {
  it('refuses a subscription that ends before it starts, and an empty name', () => {
    expect(customerInputSchema.safeParse({ name: 'A', subscription_start: '2026-02-01T00:00:00Z', subscription_end: '2026-01-01T00:00:00Z' }).success).toBe(false);
    expect(customerInputSchema.safeParse({ name: '  ' }).success).toBe(false);
  });

  it('fills the defaults: Europe/Paris, active, not premium, no dates', () => {
    expect(customerInputSchema.parse({ name: 'Acme' })).toEqual({
      name: 'Acme',
      timezone: 'Europe/Paris',
      is_premium: false,
      active: true,
      subscription_start: null,
      subscription_end: null,
    });
  });
});
