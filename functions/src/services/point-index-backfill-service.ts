import { listCustomers } from '../data/customer-repository';
import { indexStoredPoints, pageOfPointItems } from '../data/point-repository';
import { logger } from '../logger';

/**
 * The one-off migration that gives points written before GSI1's list order and the search index
 * (issue 43) their place in the paged lists and in search: every customer's points, a page at a
 * time, in customer id order. Idempotent (what it writes is what a save writes) and resumable: a
 * run stops before its deadline and answers where the next one starts; run again from there (or
 * from the start: it only rewrites the same items). `infra/local/point-index-backfill.ts` runs it
 * to the end through the series jobs function (`{ kind: 'point_index_backfill' }`).
 */
export interface PointIndexBackfill {
  kind: 'point_index_backfill';
  correlationId?: string;
  /** Only this customer (else all, from `from`). */
  customerId?: string;
  /** Where a previous run stopped. */
  from?: BackfillPosition | null;
  /** How long this run may write, in ms (default 60 s). */
  maxMs?: number;
}

export interface BackfillPosition {
  customer: string;
  /** The sort key of the last point done in that customer (none: its first). */
  after: string | null;
}

export interface BackfillOutcome {
  /** Where the next run starts; null when every point is done. */
  next: BackfillPosition | null;
  points: number;
  reordered: number;
}

const PAGE = 200;

export const isPointIndexBackfill = (event: unknown): event is PointIndexBackfill =>
  typeof event === 'object' && event !== null && (event as { kind?: unknown }).kind === 'point_index_backfill';

export const backfillPointIndex = async (request: PointIndexBackfill, now: () => number = Date.now): Promise<BackfillOutcome> => {
  const deadline = now() + (request.maxMs ?? 60_000);
  const customers = request.customerId ? [request.customerId] : (await listCustomers()).map((customer) => customer._id).sort();
  const from = request.from ?? null;
  const outcome: BackfillOutcome = { next: null, points: 0, reordered: 0 };
  for (const customer of customers) {
    if (from && customer < from.customer) continue;
    let after = from && customer === from.customer ? from.after : null;
    for (;;) {
      if (now() > deadline) {
        outcome.next = { customer, after };
        logger.info('point index backfill paused', { ...outcome });
        return outcome;
      }
      const page = await pageOfPointItems(customer, after, PAGE);
      outcome.reordered += await indexStoredPoints(customer, page.items);
      outcome.points += page.items.length;
      if (!page.more || page.items.length === 0) break;
      after = String(page.items.at(-1)!.SK);
    }
  }
  logger.info('point index backfill done', { ...outcome });
  return outcome;
};
