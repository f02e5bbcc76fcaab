import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '../errors';

/**
 * What the unpaged call of a paged list route (no `limit`, no `cursor`: the spec's whole list) may
 * spend, so that a list too large to answer whole is refused with 413 `list_too_large` (page it
 * with `limit` and `cursor`) instead of ending in the gateway's 502:
 *
 * - **time**: the function's time left when the request came, less what the answer needs after
 *   the read (the fetched dates, the JSON, its gzip). Measured at 20,000 points in the emulator
 *   (tests/bench/unpaged-probe.ts): the read alone took 17.6 s from the customer's partition,
 *   7.9 s from the list order's index, against a timeout of 15 s — the 502 was that timeout;
 * - **bytes**, for a client that does not take gzip: the JSON the read has gathered so far is a
 *   lower bound of the answer's, so past the limit the answer cannot fit, and the read stops there.
 *   A client that takes gzip is held at the end only (the whole list compresses ~35 times).
 *
 * The HTTP stack sets it for the request (functions/src/middleware/http-handler.ts); a reader of a
 * whole list (point-list-service) counts what it reads with `unpagedListMeter`. Outside such a
 * request (a page, a job) nothing is counted.
 */
export interface UnpagedListBudget {
  /** `performance.now()` after which the read stops. */
  readUntil: number;
  /** The JSON bytes the answer may reach; null when the client takes gzip. */
  maxBytes: number | null;
}

const budgets = new AsyncLocalStorage<UnpagedListBudget>();

/** Runs a request's work under a budget (none: nothing counted). */
export const withUnpagedListBudget = <T>(budget: UnpagedListBudget | null, work: () => Promise<T>): Promise<T> =>
  budget ? budgets.run(budget, work) : work();

/** Time a whole answer needs after its read, at 20,000 points: fetched dates ~1 s, JSON and gzip ~0.2 s in the emulator; twice that kept. */
export const UNPAGED_LIST_RESERVE_MS = 3_000;

/** The budget of an unpaged list request: `timeLeftMs` of the function's, less the reserve; `maxBytes` null for a gzip client. */
export const unpagedListBudgetOf = (timeLeftMs: number | null, maxBytes: number | null, now = performance.now()): UnpagedListBudget => ({
  readUntil: timeLeftMs === null ? Number.POSITIVE_INFINITY : now + timeLeftMs - UNPAGED_LIST_RESERVE_MS,
  maxBytes,
});

/** Why an unpaged list was refused (the log's `details`; the client sees `list_too_large` alone). */
const refusal = (reason: 'time' | 'size', read: number, bytes: number) =>
  new AppError('list_too_large', { details: { reason, itemsRead: read, bytesRead: bytes } });

/**
 * Counts the items a whole list reads, one at a time: throws `list_too_large` once the request's
 * time to read is spent, or once the items' JSON alone passes the bytes a plain answer may carry.
 */
export const unpagedListMeter = () => {
  const budget = budgets.getStore() ?? null;
  let read = 0;
  let bytes = 0;
  return (item: unknown): void => {
    if (!budget) return;
    read += 1;
    if (budget.maxBytes !== null) {
      // The item as the answer's array holds it, and its comma.
      bytes += Buffer.byteLength(JSON.stringify(item)) + 1;
      if (bytes > budget.maxBytes) throw refusal('size', read, bytes);
    }
    if (performance.now() > budget.readUntil) throw refusal('time', read, bytes);
  };
};
