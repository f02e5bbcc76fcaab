import { describe, expect, it } from 'vitest';
import { endedClaims, lanesInTurn, runningClaims, type Lane } from '../../functions/src/services/fair-turns';

const NOW = 1_000_000;
const lane = (customerId: string, overrides: Partial<Lane> = {}): Lane => ({ customerId, waiting: 1, leases: {}, servedAt: 0, version: 1, ...overrides });

/** Plays the workers of a queue: each round, every worker takes the first lane in turn, as the service claims. */
const simulate = (initial: Lane[], cap: number, workers: number, jobsToRun: number): string[] => {
  const lanes = initial.map((entry) => ({ ...entry, leases: { ...entry.leases } }));
  const order: string[] = [];
  let clock = NOW;
  while (order.length < jobsToRun) {
    const taken: Lane[] = [];
    for (let worker = 0; worker < workers; worker += 1) {
      const next = lanesInTurn(lanes, cap, clock)[0];
      if (!next) break;
      clock += 1;
      next.waiting -= 1;
      next.servedAt = clock;
      next.leases[`claim-${clock}`] = clock + 60_000;
      taken.push(next);
      order.push(next.customerId);
    }
    if (taken.length === 0) break;
    // The round's jobs end together.
    for (const done of taken) delete done.leases[Object.keys(done.leases)[0]];
  }
  return order;
};

describe('fair turns between customers', () => {
  it('gives a customer with one job its turn right after the first job of a customer with 500', () => {
    const order = simulate([lane('cust-a', { waiting: 500 }), lane('cust-b', { waiting: 1 })], 2, 1, 501);
    expect(order.indexOf('cust-b')).toBe(1);
    expect(order.filter((customer) => customer === 'cust-a')).toHaveLength(500);
  });

  it('interleaves customers round-robin, whatever their backlog', () => {
    const order = simulate([lane('cust-a', { waiting: 50 }), lane('cust-b', { waiting: 3 }), lane('cust-c', { waiting: 3 })], 5, 1, 9);
    expect(order).toEqual(['cust-a', 'cust-b', 'cust-c', 'cust-a', 'cust-b', 'cust-c', 'cust-a', 'cust-b', 'cust-c']);
  });

  it('never lets one customer hold more workers than its cap; the other workers are left for others', () => {
    const lanes = [lane('cust-a', { waiting: 500 }), lane('cust-b', { waiting: 1 })];
    const order = simulate(lanes, 2, 5, 3);
    // Five workers, one round: A gets two (its cap), B one, two workers find nothing they may take.
    expect(order.slice(0, 3).sort()).toEqual(['cust-a', 'cust-a', 'cust-b']);
    const atCap = lane('cust-a', { waiting: 498, leases: { one: NOW + 10, two: NOW + 10 } });
    expect(lanesInTurn([atCap], 2, NOW)).toEqual([]);
  });

  it('serves the lane served longest ago first, a lane never served before all, and leaves empty lanes out', () => {
    const lanes = [lane('cust-a', { servedAt: NOW - 10 }), lane('cust-b', { servedAt: NOW - 500 }), lane('cust-c', { servedAt: 0 }), lane('cust-d', { waiting: 0 })];
    expect(lanesInTurn(lanes, 1, NOW).map((entry) => entry.customerId)).toEqual(['cust-c', 'cust-b', 'cust-a']);
  });

  it('counts a claim whose lease is over as ended (a worker that died frees its place)', () => {
    const stale = lane('cust-a', { leases: { dead: NOW - 1, alive: NOW + 1 } });
    expect(runningClaims(stale, NOW)).toBe(1);
    expect(endedClaims(stale, NOW)).toEqual(['dead']);
    expect(lanesInTurn([stale], 2, NOW)).toHaveLength(1);
    expect(lanesInTurn([stale], 1, NOW)).toHaveLength(0);
  });
});
