import { describe, expect, it } from 'vitest';
import { aggregateOf } from '@shared/series/aggregate';
import { bucketStart } from '@shared/series/buckets';
import { recomputedRollups } from '../../support/rollup-check';
import { BoundedCache, bulkWriteSession, heldBuckets, keptPack, packOfKept, StoredStretch } from '../../../functions/src/services/bulk-write-session';
import { rollupsAbove } from '../../../functions/src/services/rollup-buckets';

const HOUR = 3_600_000;

describe('stretch of stored values kept by a bulk job', () => {
  it('finds the value and status stored at a time, and nothing where none is', () => {
    const stretch = StoredStretch.of(0, 10 * HOUR, [
      { at: 3 * HOUR, value: 3.5, status: 'H' },
      { at: HOUR, value: 1, status: '1' },
    ]);
    expect(stretch.find(HOUR)).toEqual({ value: 1, status: '1' });
    expect(stretch.find(3 * HOUR)).toEqual({ value: 3.5, status: 'H' });
    expect(stretch.find(2 * HOUR)).toBeUndefined();
    expect(stretch.valuesBetween(0, 10 * HOUR)).toEqual([{ at: HOUR, value: 1 }, { at: 3 * HOUR, value: 3.5 }]);
  });

  it('replaces the values written over it and keeps the others, in time order', () => {
    const stretch = StoredStretch.of(0, 10 * HOUR, [{ at: HOUR, value: 1, status: '1' }, { at: 2 * HOUR, value: 2, status: '1' }]);
    const written = stretch.withWrites([{ at: 2 * HOUR, value: 20, status: '3' }, { at: 0, value: 5, status: '1' }]);
    expect(written.valuesBetween(0, 10 * HOUR)).toEqual([{ at: 0, value: 5 }, { at: HOUR, value: 1 }, { at: 2 * HOUR, value: 20 }]);
    expect(written.find(2 * HOUR)).toEqual({ value: 20, status: '3' });
    expect(stretch.find(2 * HOUR)).toEqual({ value: 2, status: '1' });
  });

  it('widens to the union of its bounds with what was read around it', () => {
    const stretch = StoredStretch.of(5 * HOUR, 8 * HOUR, [{ at: 6 * HOUR, value: 6, status: '1' }]);
    const wider = stretch.widened(2 * HOUR, 12 * HOUR, [{ at: 3 * HOUR, value: 3, status: '1' }, { at: 11 * HOUR, value: 11, status: '1' }]);
    expect([wider.from, wider.to]).toEqual([2 * HOUR, 12 * HOUR]);
    expect(wider.valuesBetween(0, 24 * HOUR).map((value) => value.at)).toEqual([3 * HOUR, 6 * HOUR, 11 * HOUR]);
  });
});

describe('bounded cache of a bulk job', () => {
  it('forgets the least recently used entries once their weights pass the limit', () => {
    const cache = new BoundedCache<number>(10, (value) => value);
    cache.set('a', 4);
    cache.set('b', 4);
    expect(cache.get('a')).toBe(4);
    cache.set('c', 4);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(4);
    expect(cache.get('c')).toBe(4);
  });

  it('keeps an entry heavier than the limit alone rather than nothing', () => {
    const cache = new BoundedCache<number>(10, (value) => value);
    cache.set('a', 3);
    cache.set('big', 50);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('big')).toBe(50);
  });
});

describe('packs kept by a bulk job', () => {
  it('keeps a pack in its binary columns and gives back the same buckets, version and existence', () => {
    const rollups = [2, 0, 1].map((hour) => ({ start: hour * HOUR, count: 4, sum: hour + 0.1, min: 0.1, max: hour + 0.3, first: 0.1, firstAt: hour * HOUR, last: 0.3, lastAt: hour * HOUR + 2_700_000 }));
    const pack = { key: { PK: 'R#c#p#hour', SK: '202601' }, version: 3, exists: true, rollups };
    const kept = keptPack(pack);
    expect(kept.length).toBe(3);
    expect(packOfKept(kept)).toEqual({ ...pack, rollups: [...rollups].sort((a, b) => a.start - b.start) });
    expect(packOfKept(keptPack({ ...pack, version: 0, exists: false, rollups: [] }))).toEqual({ ...pack, version: 0, exists: false, rollups: [] });
  });

  it('counts the buckets of the packs held for writing', () => {
    const session = bulkWriteSession({ inFlight: 1 });
    const pack = keptPack({ key: { PK: 'R#c#p#day', SK: '2026' }, version: 1, exists: true, rollups: [{ start: 0, count: 1, sum: 1, min: 1, max: 1, first: 1, firstAt: 0, last: 1, lastAt: 0 }] });
    session.held.set('R#c#p#day|2026', { series: { customerId: 'c', pointId: 'p' }, level: 'day', zone: 'Europe/Paris', pack, changed: new Set([0]), round: 0 });
    expect(heldBuckets(session)).toBe(2);
  });
});

describe('days and months from hours held in memory', () => {
  it('gives the buckets a recomputation from the raw values gives, over an autumn change of time', () => {
    const zone = 'Europe/Paris';
    // Ten-minute values from 20 October to 10 November 2026 (the clocks go back on 25 October).
    const values = Array.from({ length: 21 * 144 }, (_, index) => ({ at: Date.UTC(2026, 9, 20) + index * 600_000, value: ((index * 7) % 13) / 3 + 0.1, zone }));
    const expected = recomputedRollups(values);
    const hours = [...expected.hour].sort((a, b) => a[0] - b[0]).map(([start, aggregate]) => ({ ...aggregate, start }));
    const days = rollupsAbove(hours, 'day', zone);
    expect(days.size).toBe(expected.day.size);
    for (const [start, day] of days) expect(day).toEqual({ ...expected.day.get(start), start });
    const octoberHours = days.get(bucketStart(Date.UTC(2026, 9, 25, 12), 'day', zone))!;
    expect(octoberHours.count).toBe(25 * 6);
    const months = rollupsAbove([...days.values()], 'month', zone);
    for (const [start, month] of months) expect(month).toEqual({ ...expected.month.get(start), start });
    expect(aggregateOf(values)?.count).toBe([...months.values()].reduce((sum, month) => sum + month.count, 0));
  });
});
