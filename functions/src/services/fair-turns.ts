/**
 * The turn rule of the fair work queues (docs/architecture/fair-work.md): which customer's job is
 * taken next. Pure: the repository reads the lanes, this orders them, the service claims.
 */

/** One customer's lane in a queue: its jobs waiting, the claims running now, when it last had a turn. */
export interface Lane {
  customerId: string;
  waiting: number;
  /** Claims running now: claim id → the time (ms) its lease ends (a crashed worker's claim ends by itself). */
  leases: Record<string, number>;
  /** When a job of this lane was last taken (ms; 0 never). */
  servedAt: number;
  /** Bumped by every claim and release: a claim is written only over the version it read. */
  version: number;
}

/** The claims of a lane still running at `now` (leases not yet over). */
export const runningClaims = (lane: Lane, now: number): number => Object.values(lane.leases).filter((until) => until > now).length;

/** The claims whose lease is over at `now`: forgotten by the next claim of that lane. */
export const endedClaims = (lane: Lane, now: number): string[] =>
  Object.entries(lane.leases)
    .filter(([, until]) => until <= now)
    .map(([claim]) => claim);

/**
 * The lanes that may give a job now, in the order they get their turn: round-robin between
 * customers (the lane served longest ago first, one that never was before all, then by customer
 * id), leaving out lanes with nothing waiting and lanes already running `cap` jobs. A customer
 * with 500 jobs waiting therefore gets one turn in each round like a customer with one, and never
 * holds more than `cap` workers.
 */
export const lanesInTurn = (lanes: readonly Lane[], cap: number, now: number): Lane[] =>
  lanes
    .filter((lane) => lane.waiting > 0 && runningClaims(lane, now) < cap)
    .sort((a, b) => a.servedAt - b.servedAt || a.customerId.localeCompare(b.customerId));
