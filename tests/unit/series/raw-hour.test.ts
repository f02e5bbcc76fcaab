import { describe, expect, it } from 'vitest';
import { changedTimes, decodeHour, encodeHour, entriesOfRawItems, MAX_VALUES_AN_HOUR, mergeHour, type RawEntry } from '../../../functions/src/data/raw-hour';
import { marshall } from '@aws-sdk/util-dynamodb';
import { itemSize, type Item } from '../../../functions/src/usage/dynamodb-units';
import { seriesKeys } from '../../../functions/src/data/series-keys';

const size = (item: Record<string, unknown>): number => itemSize(marshall(item) as Item);
const HOUR = Date.UTC(2026, 10, 16, 10);
const tenMinutes = (count: number, hour = HOUR): RawEntry[] => Array.from({ length: count }, (_, index) => ({ at: hour + index * 600_000, value: 20.5 + index, status: '1' }));

describe('raw values packed per point-hour', () => {
  it('packs times, values and statuses into columns and unpacks them exactly, sorted by time', () => {
    const entries: RawEntry[] = [
      { at: HOUR + 3_599_999, value: -0.1, status: 'H' },
      { at: HOUR, value: 1e300, status: '8' },
      { at: HOUR + 1, value: Number.MIN_VALUE, status: '3' },
    ];
    const columns = encodeHour(HOUR, entries);
    expect([columns.o.length, columns.v.length, columns.s.length]).toEqual([12, 24, 3]);
    expect(decodeHour(HOUR, columns)).toEqual([...entries].sort((a, b) => a.at - b.at));
    // A stream image gives the columns base64-encoded.
    const base64 = Object.fromEntries(Object.entries(columns).map(([name, bytes]) => [name, Buffer.from(bytes).toString('base64')]));
    expect(decodeHour(HOUR, base64)).toEqual(decodeHour(HOUR, columns));
  });

  it('refuses a value outside its hour', () => {
    expect(() => encodeHour(HOUR, [{ at: HOUR + 3_600_000, value: 1, status: '1' }])).toThrow(/not in the hour/);
    expect(() => encodeHour(HOUR, [{ at: HOUR - 1, value: 1, status: '1' }])).toThrow(/not in the hour/);
  });

  it('merges a write: a time written again replaces its value and status, the last of several wins, equal values change nothing', () => {
    const stored = tenMinutes(3);
    expect(mergeHour(stored, { writes: [{ ...stored[1] }] })).toEqual({ entries: stored, changed: false });
    const merged = mergeHour(stored, { writes: [{ at: stored[1].at, value: 7, status: '2' }, { at: stored[1].at, value: 8, status: '2' }, { at: HOUR + 60_000, value: 1, status: '1' }] });
    expect(merged.changed).toBe(true);
    expect(merged.entries.map((entry) => [entry.at - HOUR, entry.value, entry.status])).toEqual([
      [0, 20.5, '1'],
      [60_000, 1, '1'],
      [600_000, 8, '2'],
      [1_200_000, 22.5, '1'],
    ]);
    expect(mergeHour(stored, { writes: [{ ...stored[0], status: '8' }] }).changed).toBe(true);
  });

  it('merges a deletion (times taken out) and a migration (legacy values under the hour own)', () => {
    const stored = tenMinutes(3);
    expect(mergeHour(stored, { removals: [stored[0].at, HOUR + 5] })).toEqual({ entries: stored.slice(1), changed: true });
    expect(mergeHour(stored, { removals: [HOUR + 5] }).changed).toBe(false);
    const legacy = [{ ...stored[0], value: -1 }, { at: HOUR + 1_000, value: 3, status: '1' as const }];
    const under = mergeHour(stored, { writes: legacy, under: true });
    expect(under.entries.find((entry) => entry.at === stored[0].at)?.value).toBe(20.5);
    expect(under.entries).toHaveLength(4);
  });

  it('says which times a stream record changed: added, replaced, removed', () => {
    const before = tenMinutes(3);
    const after = [{ ...before[0] }, { ...before[1], value: 0 }, { at: HOUR + 1_800_000, value: 1, status: '1' as const }];
    expect(changedTimes(before, after)).toEqual([before[1].at, before[2].at, HOUR + 1_800_000]);
    expect(changedTimes(before, before)).toEqual([]);
    expect(changedTimes(before, [])).toEqual(before.map((entry) => entry.at));
  });

  it('reads both layouts of a partition, the hour item winning over a legacy item at the same time', () => {
    const key = seriesKeys.raw({ customerId: 'cus-1', pointId: 'pt-1' }, HOUR);
    const hourItem = { ...key, ...encodeHour(HOUR, tenMinutes(2)), n: 1, z: 'Europe/Paris', b: 1 };
    const legacy = [
      { ...seriesKeys.legacyRaw({ customerId: 'cus-1', pointId: 'pt-1' }, HOUR), t: HOUR, v: -5, s: '1' },
      { ...seriesKeys.legacyRaw({ customerId: 'cus-1', pointId: 'pt-1' }, HOUR - 600_000), t: HOUR - 600_000, v: 4, s: '2' },
    ];
    expect(entriesOfRawItems([...legacy, hourItem])).toEqual([{ at: HOUR - 600_000, value: 4, status: '2' }, ...tenMinutes(2)]);
    expect(entriesOfRawItems([...legacy, hourItem], HOUR, HOUR + 600_000)).toEqual(tenMinutes(1));
  });

  it('stores an hour of ten-minute data in one write unit, about 4 times fewer bytes a value than an item per value, and bounds an hour well under 400 KB', () => {
    const series = { customerId: 'cus-0f8fad5b-d9cb-469f-a165-70867728950e', pointId: 'pt-7c9e6679-7425-40de-944b-e07fc1f90ae7' };
    const hourItem = { ...seriesKeys.raw(series, HOUR), ...encodeHour(HOUR, tenMinutes(6)), n: 12, z: 'Europe/Paris', b: 1 };
    const perValue = tenMinutes(6).map((entry) => ({ ...seriesKeys.legacyRaw(series, entry.at), t: entry.at, v: entry.value, s: '1', z: 'Europe/Paris', c: series.customerId, b: 1 }));
    const stored = (item: Record<string, unknown>) => size(item) + 100;
    expect(size(hourItem)).toBeLessThanOrEqual(1024);
    const hourBytes = stored(hourItem) / 6;
    const legacyBytes = perValue.reduce((sum, item) => sum + stored(item), 0) / 6;
    expect(hourBytes).toBeLessThan(60);
    expect(legacyBytes / hourBytes).toBeGreaterThan(3.5);
    const full = { ...seriesKeys.raw(series, HOUR), ...encodeHour(HOUR, Array.from({ length: MAX_VALUES_AN_HOUR }, (_, index) => ({ at: HOUR + index * 1_000, value: index, status: '1' as const }))), n: 1, z: 'Europe/Paris', b: 0 };
    expect(size(full)).toBeLessThan(50_000);
  });
});
