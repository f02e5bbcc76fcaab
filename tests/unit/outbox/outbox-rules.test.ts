import { describe, expect, it } from 'vitest';
import { SEND_LEASE_MS, WRITER_GRACE_MS, decideOutboxStep, firstSweepTryOf, nextAttemptAfterFailure, outboxRecordId, outboxSourcePrefix, requestOccasion } from '../../../functions/src/services/outbox-rules';

const alert = { kind: 'alert' as const, id: 'alr-1' };
const due = '2026-11-25T08:00:00.000Z';
const now = Date.parse('2026-11-25T08:00:30.000Z');
const iso = (at: number) => new Date(at).toISOString();

describe('outbox record ids', () => {
  it('name the same record for the same source, occasion, channel and recipients, whatever their order, case or repeats', () => {
    const first = outboxRecordId(alert, due, 'email', ['b@example.com', 'A@example.com']);
    expect(outboxRecordId(alert, due, 'email', [' a@example.com', 'b@example.com', 'B@EXAMPLE.COM'])).toBe(first);
    expect(first.startsWith(outboxSourcePrefix(alert, due))).toBe(true);
    expect(first.startsWith(outboxSourcePrefix(alert))).toBe(true);
  });

  it('name another record for another occasion, channel, recipient or source', () => {
    const base = outboxRecordId(alert, due, 'sms', ['+33600000001']);
    expect(new Set([
      base,
      outboxRecordId(alert, '2026-11-25T09:00:00.000Z', 'sms', ['+33600000001']),
      outboxRecordId(alert, due, 'email', ['+33600000001']),
      outboxRecordId(alert, due, 'sms', ['+33600000002']),
      outboxRecordId({ kind: 'reminder', id: 'alr-1' }, due, 'sms', ['+33600000001']),
    ]).size).toBe(5);
  });

  it('keep addresses out of the key', () => {
    expect(outboxRecordId(alert, due, 'email', ['someone@example.com'])).not.toContain('someone');
  });

  it('refuse a record without recipients, or parts that would blur the prefix', () => {
    expect(() => outboxRecordId(alert, due, 'email', [' '])).toThrow();
    expect(() => outboxRecordId({ kind: 'alert', id: 'a#b' }, due, 'email', ['x@example.com'])).toThrow();
  });
});

describe('occasions of messages a request asks for', () => {
  it('are the same for the same requester and key, another for another key or requester, and new without a key', () => {
    const key = '5b0b3f0e-8f7a-4d59-9d1c-1f0e2a3b4c5d';
    expect(requestOccasion('usr-1', key)).toBe(requestOccasion('usr-1', key));
    expect(requestOccasion('usr-1', key)).not.toBe(requestOccasion('usr-2', key));
    expect(requestOccasion('usr-1', key)).not.toBe(requestOccasion('usr-1', `${key}x`));
    expect(requestOccasion('usr-1', null)).not.toBe(requestOccasion('usr-1', null));
    expect(requestOccasion('usr-1', key)).not.toContain(key);
    expect(() => outboxRecordId({ kind: 'export', id: 'exp-1' }, requestOccasion('usr-1', key), 'email', ['a@example.com'])).not.toThrow();
  });
});

describe('outbox steps', () => {
  const pending = { status: 'pending' as const, lease_until: null, next_attempt_at: iso(now) };

  it('send a pending record whose try is due', () => {
    expect(decideOutboxStep(pending, now)).toEqual({ step: 'send' });
  });

  it("leave a new record to its writer for a minute: the writer sends it at once, the sweep only after", () => {
    const fresh = { ...pending, next_attempt_at: iso(firstSweepTryOf(now)) };
    expect(decideOutboxStep(fresh, now, true)).toEqual({ step: 'send' });
    expect(decideOutboxStep(fresh, now + WRITER_GRACE_MS - 1)).toEqual({ step: 'skip', because: 'not_yet' });
    expect(decideOutboxStep(fresh, now + WRITER_GRACE_MS)).toEqual({ step: 'send' });
  });

  it('let a refused record wait for its next try, unless its own job asks again', () => {
    const later = { ...pending, next_attempt_at: iso(now + 60_000) };
    expect(decideOutboxStep(later, now)).toEqual({ step: 'skip', because: 'not_yet' });
    expect(decideOutboxStep(later, now, true)).toEqual({ step: 'send' });
  });

  it('leave a record another sender holds until its lease lapses, then take it again', () => {
    const held = { status: 'sending' as const, lease_until: iso(now + SEND_LEASE_MS), next_attempt_at: iso(now) };
    expect(decideOutboxStep(held, now)).toEqual({ step: 'skip', because: 'in_flight' });
    expect(decideOutboxStep(held, now, true)).toEqual({ step: 'skip', because: 'in_flight' });
    expect(decideOutboxStep(held, now + SEND_LEASE_MS)).toEqual({ step: 'send' });
  });

  it('never send a sent record again', () => {
    expect(decideOutboxStep({ status: 'sent', lease_until: null, next_attempt_at: iso(now) }, now + 10 * SEND_LEASE_MS, true)).toEqual({ step: 'skip', because: 'sent' });
  });

  it('hold a lease longer than the scheduled-jobs function may run (15 minutes)', () => {
    expect(SEND_LEASE_MS).toBeGreaterThan(15 * 60_000);
  });

  it('wait longer after each refusal, at most an hour', () => {
    const waits = [1, 2, 3, 4, 10, 50].map((attempts) => nextAttemptAfterFailure(attempts, now) - now);
    expect(waits.slice(0, 4)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(waits.at(-1)).toBe(3_600_000);
  });
});
