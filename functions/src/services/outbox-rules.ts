import { createHash, randomUUID } from 'node:crypto';
import type { OutboxRecord, OutboxSource } from '../data/outbox-repository';

/**
 * The pure rules of the outbox (every e-mail and SMS the jobs send): how a record is named, and
 * what a sender may do with a record in each state.
 *
 *   pending ──claim──> sending (lease until) ──sent──> sent
 *      ^                  │ the provider refused: back to pending, tried again later
 *      └──────────────────┘ the lease lapsed (its sender died): claimable again
 */

/**
 * Longer than the scheduled-jobs function may run (15 minutes): once a claim's lease has lapsed,
 * the sender that took it is certainly gone, so a second sender only ever sends after the first
 * died — and only then may a message leave twice (it died after handing it over, before marking it).
 */
export const SEND_LEASE_MS = 16 * 60_000;
/** A record not sent after this long is dropped by the table's TTL (the reason stays in the log). */
export const RECORD_LIFETIME_MS = 14 * 24 * 3_600_000;
/**
 * A new record is its writer's to send for this long (the writer sends it at once, `early`); the
 * sweep takes it only after, so the two never race for a message the writer is sending, and a
 * request that answers after its e-mail left finds it sent by itself.
 */
export const WRITER_GRACE_MS = 60_000;

/** When the sweep may first try a record written at `now`. */
export const firstSweepTryOf = (now: number): number => now + WRITER_GRACE_MS;
/** Waits between tries of a refused message: 1, 2, 4 … minutes, at most an hour. */
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 3_600_000;

/**
 * The id of a record, from what it is for: the entity that sends it, the occasion (a due time),
 * the channel and its recipients (sorted, lower-cased; digested so that no address is in a key).
 * A job run again for the same occasion names the same record, so it never makes a second one.
 */
export const outboxRecordId = (source: OutboxSource, occasion: string, channel: 'email' | 'sms', recipients: readonly string[]): string => {
  const normalised = [...new Set(recipients.map((recipient) => recipient.trim().toLowerCase()).filter(Boolean))].sort();
  if (normalised.length === 0) throw new Error('An outbox record needs at least one recipient');
  if ([source.kind, source.id, occasion].some((part) => part.includes('#'))) throw new Error('Outbox id parts may not hold #');
  const digest = createHash('sha256').update(normalised.join('\n')).digest('hex').slice(0, 16);
  return `${source.kind}#${source.id}#${occasion}#${channel}#${digest}`;
};

/**
 * The occasion of a message a request asks for (an export sent now): named by the key the client
 * made for its request (kept when it asks again after a failure), so a retried request names the
 * same record and never makes a second message. Without a key, every request is its own occasion.
 */
export const requestOccasion = (requesterId: string, requestKey: string | null | undefined): string =>
  `request-${requestKey ? createHash('sha256').update(`${requesterId}\n${requestKey}`).digest('hex').slice(0, 24) : randomUUID()}`;

/** The prefix of every record an entity sends (all its occasions), or of one occasion of it. */
export const outboxSourcePrefix = (source: OutboxSource, occasion?: string): string =>
  occasion === undefined ? `${source.kind}#${source.id}#` : `${source.kind}#${source.id}#${occasion}#`;

export type OutboxDecision =
  | { step: 'send' }
  | { step: 'skip'; because: 'sent' | 'in_flight' | 'not_yet' };

/**
 * What a sender does with a record at `now`: send it (pending and due, or claimed by a sender whose
 * lease lapsed), or leave it (sent; another sender holds it; its next try is later).
 * `early` lets a job that just wrote the record send it without waiting for its retry time.
 */
export const decideOutboxStep = (record: Pick<OutboxRecord, 'status' | 'lease_until' | 'next_attempt_at'>, now: number, early = false): OutboxDecision => {
  if (record.status === 'sent') return { step: 'skip', because: 'sent' };
  if (record.status === 'sending') return record.lease_until !== null && Date.parse(record.lease_until) <= now ? { step: 'send' } : { step: 'skip', because: 'in_flight' };
  if (!early && Date.parse(record.next_attempt_at) > now) return { step: 'skip', because: 'not_yet' };
  return { step: 'send' };
};

/** When a record refused `attempts` times is tried again. */
export const nextAttemptAfterFailure = (attempts: number, now: number): number =>
  now + Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
