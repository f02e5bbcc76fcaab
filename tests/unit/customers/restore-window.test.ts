import { describe, expect, it } from 'vitest';
import { CUSTOMER_RESTORE_DAYS } from '@shared/constants';
import { customerDeletionState, isPurgeDue, purgeTimeOf } from '@shared/customers/restore-window';
import { dateText } from '@shared/date-text';

const deletedAt = new Date('2026-11-28T09:30:00.000Z');
const purgeAt = purgeTimeOf(deletedAt).toISOString();
const deleted = { deleting: true, purge_at: purgeAt };

describe('the restore window of a deleted customer', () => {
  it('lasts seven days from the deletion, to the millisecond', () => {
    expect(CUSTOMER_RESTORE_DAYS).toBe(7);
    expect(purgeAt).toBe('2026-12-05T09:30:00.000Z');
  });

  it('shows its purge day as dd/MM/yyyy in the customer\'s time zone, across a day boundary too', () => {
    expect(dateText(purgeAt, 'Europe/Paris')).toBe('05/12/2026');
    expect(dateText(purgeTimeOf(new Date('2026-11-28T23:30:00.000Z')).toISOString(), 'Europe/Paris')).toBe('06/12/2026');
    expect(dateText(purgeTimeOf(new Date('2026-11-28T23:30:00.000Z')).toISOString(), 'America/Toronto')).toBe('05/12/2026');
  });

  it('lets a deleted customer be restored until its purge time, and not from that instant on', () => {
    expect(customerDeletionState(deleted, deletedAt)).toBe('restorable');
    expect(customerDeletionState(deleted, new Date(Date.parse(purgeAt) - 1))).toBe('restorable');
    expect(customerDeletionState(deleted, new Date(purgeAt))).toBe('purge_due');
    expect(isPurgeDue(deleted, new Date(Date.parse(purgeAt) - 1))).toBe(false);
    expect(isPurgeDue(deleted, new Date(purgeAt))).toBe(true);
  });

  it('knows a customer that is not deleted, and one whose purge has begun (resumed, never restored)', () => {
    expect(customerDeletionState({}, deletedAt)).toBe('none');
    expect(customerDeletionState({ deleting: false, purge_at: purgeAt }, deletedAt)).toBe('none');
    expect(isPurgeDue({}, new Date('2030-01-01T00:00:00Z'))).toBe(false);
    expect(customerDeletionState({ ...deleted, deletion_phase: 'files' }, new Date(purgeAt))).toBe('purging');
    expect(isPurgeDue({ ...deleted, deletion_phase: 'files' }, new Date(purgeAt))).toBe(true);
  });

  it('purges at once a deletion marked before the window existed (no purge time)', () => {
    expect(customerDeletionState({ deleting: true }, deletedAt)).toBe('purge_due');
    expect(isPurgeDue({ deleting: true }, deletedAt)).toBe(true);
  });
});
