import { describe, expect, it } from 'vitest';
import { stampedListCache } from '../../functions/src/services/stamped-list-cache';

const limits = { mostCustomers: 3, mostEntries: 10, maxAgeMs: 60_000 };
const points = (count: number, prefix = 'pt') => Array.from({ length: count }, (_, index) => ({ _id: `${prefix}-${index}`, last: 0 }));

describe('a customer list kept by a warm instance against its stamp (issue 41, cut 3)', () => {
  it('is given back while the stamp read is the one it was read with, and not once the stamp moved', () => {
    const cache = stampedListCache<{ _id: string; last: number }>(limits);
    expect(cache.get('cus-a', 'v1', 0)).toBeNull();
    cache.keep('cus-a', 'v1', points(2), 0);
    expect(cache.get('cus-a', 'v1', 1000)?.map((point) => point._id)).toEqual(['pt-0', 'pt-1']);
    expect(cache.get('cus-a', 'v2', 2000)).toBeNull();
    // Dropped with the stamp it no longer matches: the old version read again (a replica behind) gives nothing either.
    expect(cache.get('cus-a', 'v1', 3000)).toBeNull();
  });

  it('treats a customer without a stamp yet as a version: the first write of a point creates one', () => {
    const cache = stampedListCache<{ _id: string; last: number }>(limits);
    cache.keep('cus-a', null, points(1), 0);
    expect(cache.get('cus-a', null, 1)).toHaveLength(1);
    expect(cache.get('cus-a', 'v1', 2)).toBeNull();
  });

  it('is read again after its longest age whatever the stamp says', () => {
    const cache = stampedListCache<{ _id: string; last: number }>(limits);
    cache.keep('cus-a', 'v1', points(1), 0);
    expect(cache.get('cus-a', 'v1', limits.maxAgeMs - 1)).toHaveLength(1);
    expect(cache.get('cus-a', 'v1', limits.maxAgeMs)).toBeNull();
  });

  it("never gives one customer's list for another's, even under the same stamp version", () => {
    const cache = stampedListCache<{ _id: string; last: number }>(limits);
    cache.keep('cus-a', 'v1', points(1, 'a'), 0);
    expect(cache.get('cus-b', 'v1', 1)).toBeNull();
  });

  it('keeps at most so many customers and entries, the least recently used dropped first, and no list longer than the bound', () => {
    const cache = stampedListCache<{ _id: string; last: number }>(limits);
    cache.keep('cus-a', 'v', points(3), 0);
    cache.keep('cus-b', 'v', points(3), 0);
    cache.keep('cus-c', 'v', points(3), 0);
    expect(cache.get('cus-a', 'v', 1)).not.toBeNull();
    cache.keep('cus-d', 'v', points(1), 2);
    // Four customers for three places: b, the least recently used, goes.
    expect(cache.size()).toEqual({ customers: 3, entries: 7 });
    expect(cache.get('cus-b', 'v', 3)).toBeNull();
    cache.keep('cus-e', 'v', points(6), 4);
    // 3 + 1 + 6 = 10 entries at most: c, then a are dropped until the rest fit.
    expect(cache.size().entries).toBeLessThanOrEqual(limits.mostEntries);
    expect(cache.get('cus-e', 'v', 5)).toHaveLength(6);
    cache.keep('cus-f', 'v', points(limits.mostEntries + 1), 6);
    expect(cache.get('cus-f', 'v', 7)).toBeNull();
    expect(cache.get('cus-e', 'v', 8)).toHaveLength(6);
  });

  it("follows its keeper's own changes to the kept entries, for the customer named only", () => {
    const cache = stampedListCache<{ _id: string; last: number }>(limits);
    cache.keep('cus-a', 'v', points(2), 0);
    cache.keep('cus-b', 'v', points(2), 0);
    cache.update('cus-a', (point) => (point._id === 'pt-1' ? { ...point, last: 42 } : point));
    expect(cache.get('cus-a', 'v', 1)?.map((point) => point.last)).toEqual([0, 42]);
    expect(cache.get('cus-b', 'v', 1)?.map((point) => point.last)).toEqual([0, 0]);
  });
});
