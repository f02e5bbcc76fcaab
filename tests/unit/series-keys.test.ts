import { describe, expect, it } from 'vitest';
import { applyChanges, decodePack, encodePack } from '../../functions/src/data/rollup-pack';
import { seriesKeys } from '../../functions/src/data/series-keys';

const at = (iso: string) => Date.parse(iso);
const p1 = { customerId: 'c1', pointId: 'p1' };

describe('series keys', () => {
  it('packs hour rollups per UTC day, day rollups per UTC month and month rollups per UTC year, one partition per level', () => {
    expect(seriesKeys.rollupPack(p1, 'hour', at('2026-03-29T01:00:00Z'))).toEqual({ PK: 'R#c1#p1#hour', SK: '20260329' });
    expect(seriesKeys.rollupPack(p1, 'hour', at('2026-03-28T23:00:00Z'))).toEqual({ PK: 'R#c1#p1#hour', SK: '20260328' });
    expect(seriesKeys.rollupPack(p1, 'day', at('2025-12-31T23:00:00Z'))).toEqual({ PK: 'R#c1#p1#day', SK: '202512' });
    expect(seriesKeys.rollupPack(p1, 'month', at('2026-03-01T00:00:00Z'))).toEqual({ PK: 'R#c1#p1#month', SK: '2026' });
  });

  it('lists the packs of a range and the pack before one, across month, leap-day and year ends', () => {
    expect(seriesKeys.packsBetween('hour', at('2028-02-27T23:00:00Z'), at('2028-03-02T00:00:00Z'))).toEqual(['20280227', '20280228', '20280229', '20280301']);
    expect(seriesKeys.packsBetween('hour', at('2026-03-29T01:00:00Z'), at('2026-03-29T02:00:00Z'))).toEqual(['20260329']);
    expect(seriesKeys.packsBetween('day', at('2025-11-30T23:00:00Z'), at('2026-02-01T00:00:00Z'))).toEqual(['202511', '202512', '202601']);
    expect(seriesKeys.packsBetween('month', at('2019-12-31T23:00:00Z'), at('2022-01-01T00:00:00Z'))).toEqual(['2019', '2020', '2021']);
    expect(seriesKeys.packBefore('20260301')).toBe('20260228');
    expect(seriesKeys.packBefore('20270101')).toBe('20261231');
    expect(seriesKeys.packBefore('202601')).toBe('202512');
    expect(seriesKeys.packBefore('202611')).toBe('202610');
    expect(seriesKeys.packBefore('2020')).toBe('2019');
    expect(seriesKeys.extent(p1, 'day')).toEqual({ PK: 'E#c1#p1', SK: 'day' });
  });

  it('gives each pack the stretch it holds, and sorts the packs of a level in time order', () => {
    expect([seriesKeys.packStart('20281231'), seriesKeys.packEnd('20281231')]).toEqual([at('2028-12-31T00:00:00Z'), at('2029-01-01T00:00:00Z')]);
    expect([seriesKeys.packStart('202802'), seriesKeys.packEnd('202802')]).toEqual([at('2028-02-01T00:00:00Z'), at('2028-03-01T00:00:00Z')]);
    expect([seriesKeys.packStart('2026'), seriesKeys.packEnd('2026')]).toEqual([at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z')]);
    const days = seriesKeys.packsBetween('hour', at('2025-12-30T00:00:00Z'), at('2026-01-03T00:00:00Z'));
    expect([...days].sort()).toEqual(days);
  });

  it('tells the legacy packs (hours of a UTC month, days of a UTC year) from the current ones, and which legacy pack holds a stretch', () => {
    expect(seriesKeys.isLegacyPack('hour', '202611')).toBe(true);
    expect(seriesKeys.isLegacyPack('hour', '20261128')).toBe(false);
    expect(seriesKeys.isLegacyPack('day', '2026')).toBe(true);
    expect(seriesKeys.isLegacyPack('day', '202611')).toBe(false);
    expect(seriesKeys.isLegacyPack('month', '2026')).toBe(false);
    expect(seriesKeys.legacyPackOf('hour', at('2026-11-28T23:00:00Z'))).toBe('202611');
    expect(seriesKeys.legacyPackOf('day', at('2026-11-28T23:00:00Z'))).toBe('2026');
    expect(seriesKeys.legacyPackOf('month', at('2026-11-28T23:00:00Z'))).toBeNull();
  });

  it('carries the customer in every key, so equal point ids of two customers never share an item', () => {
    const other = { customerId: 'c2', pointId: 'p1' };
    const at2026 = at('2026-03-29T01:00:00Z');
    expect(seriesKeys.raw(p1, at2026).PK).not.toBe(seriesKeys.raw(other, at2026).PK);
    expect(seriesKeys.rollupPartition(p1, 'day')).not.toBe(seriesKeys.rollupPartition(other, 'day'));
    expect(seriesKeys.extent(p1, 'day').PK).not.toBe(seriesKeys.extent(other, 'day').PK);
    expect(seriesKeys.rawMonths(p1)).not.toBe(seriesKeys.rawMonths(other));
    expect(seriesKeys.seriesOfRaw(seriesKeys.raw(other, at2026).PK)).toEqual(other);
  });

  it('keeps raw values per point and UTC month, one item per UTC hour sorted after every legacy item of one value', () => {
    expect(seriesKeys.raw(p1, at('2026-03-29T01:00:00Z'))).toEqual({ PK: 'S#c1#p1#202603', SK: 'h1774746000000' });
    expect(seriesKeys.raw(p1, at('2026-03-29T01:59:59.999Z'))).toEqual({ PK: 'S#c1#p1#202603', SK: 'h1774746000000' });
    expect(seriesKeys.legacyRaw(p1, at('2026-03-29T01:10:00Z'))).toEqual({ PK: 'S#c1#p1#202603', SK: '1774746600000' });
    expect(seriesKeys.isRawHour('h1774746000000')).toBe(true);
    expect(seriesKeys.isRawHour('1774746600000')).toBe(false);
    expect('9999999999999' < seriesKeys.rawHourSortKey(0)).toBe(true);
    expect(seriesKeys.rawHourStart(seriesKeys.rawHourSortKey(at('2026-03-29T01:10:00Z')))).toBe(at('2026-03-29T01:00:00Z'));
    expect(seriesKeys.rawMonth(p1, '202603')).toEqual({ PK: 'M#c1#p1', SK: '202603' });
    expect(seriesKeys.monthsBetween(at('2025-12-31T23:00:00Z'), at('2026-02-01T00:00:00Z'))).toEqual(['202512', '202601']);
  });
});

describe('rollup packs', () => {
  const rollup = (start: number, value: number) => ({
    start,
    count: 6,
    sum: value * 6 + 0.1,
    min: value - 1e-9,
    max: value + 123456.789,
    first: value,
    firstAt: start + 1,
    last: -value,
    lastAt: start + 3_599_999,
  });

  it('round-trips every number exactly, sorted by start, one column per field', () => {
    const rollups = [rollup(1_774_749_600_000, 3.3), rollup(1_774_746_000_000, 0.1 + 0.2)];
    const item = encodePack(rollups);
    expect(Object.keys(item)).toHaveLength(9);
    expect(decodePack(item)).toEqual([rollups[1], rollups[0]]);
  });

  it('reads columns that do not start on an 8-byte boundary', () => {
    const item = encodePack([rollup(1000, 1)]);
    const shifted = Object.fromEntries(
      Object.entries(item).map(([name, bytes]) => {
        const copy = new Uint8Array(bytes.byteLength + 3);
        copy.set(bytes, 3);
        return [name, copy.subarray(3)];
      }),
    );
    expect(decodePack(shifted)).toEqual([rollup(1000, 1)]);
  });

  it('gives NaN for the columns a projection left out', () => {
    const { col_start, col_last } = encodePack([rollup(1000, 1)]);
    const [decoded] = decodePack({ col_start, col_last });
    expect(decoded).toMatchObject({ start: 1000, last: -1 });
    expect(decoded.sum).toBeNaN();
    expect(decoded.firstAt).toBeNaN();
  });

  it('refuses a pack whose columns do not match', () => {
    const item = encodePack([rollup(1000, 1), rollup(2000, 2)]);
    expect(() => decodePack({ ...item, col_sum: item.col_sum.subarray(8) })).toThrow(/does not match/);
    expect(() => decodePack({ col_last: item.col_last })).toThrow(/start column/);
  });

  it('replaces and removes buckets, keeping the others', () => {
    const current = [rollup(1000, 1), rollup(2000, 2), rollup(3000, 3)];
    const changed = applyChanges(current, new Map([[2000, null], [3000, rollup(3000, 9)], [500, rollup(500, 5)]]));
    expect(changed.map((entry) => [entry.start, entry.first])).toEqual([[500, 5], [1000, 1], [3000, 9]]);
  });
});
