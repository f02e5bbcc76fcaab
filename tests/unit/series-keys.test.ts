import { describe, expect, it } from 'vitest';
import { seriesKeys } from '../../functions/src/data/series-keys';

const at = (iso: string) => Date.parse(iso);

describe('series keys', () => {
  it('keeps hour rollups per UTC month, day rollups per UTC year and month rollups together', () => {
    expect(seriesKeys.rollup('p1', 'hour', at('2026-03-29T01:00:00Z')).PK).toBe('R#p1#hour#202603');
    expect(seriesKeys.rollup('p1', 'day', at('2025-12-31T23:00:00Z')).PK).toBe('R#p1#day#2025');
    expect(seriesKeys.rollup('p1', 'month', at('2026-03-01T00:00:00Z')).PK).toBe('R#p1#month');
    expect(seriesKeys.rollup('p1', 'hour', at('2026-03-29T01:00:00Z')).SK).toBe('1774746000000');
  });

  it('lists the partitions a range reads, oldest first', () => {
    expect(seriesKeys.rollupPartitionsBetween('p1', 'day', at('2024-12-31T23:00:00Z'), at('2026-02-01T00:00:00Z'))).toEqual([
      'R#p1#day#2024',
      'R#p1#day#2025',
      'R#p1#day#2026',
    ]);
    expect(seriesKeys.rollupPartitionsBetween('p1', 'hour', at('2026-01-31T23:00:00Z'), at('2026-03-01T00:00:00Z'))).toEqual([
      'R#p1#hour#202601',
      'R#p1#hour#202602',
    ]);
  });

  it('steps back to the previous partition for "latest before" searches', () => {
    expect(new Date(seriesKeys.previousRollupPartitionStart('hour', at('2026-03-10T00:00:00Z'))!).toISOString()).toBe('2026-02-28T23:59:59.999Z');
    expect(new Date(seriesKeys.previousRollupPartitionStart('day', at('2026-03-10T00:00:00Z'))!).toISOString()).toBe('2025-12-31T23:59:59.999Z');
    expect(seriesKeys.previousRollupPartitionStart('month', 0)).toBeNull();
  });
});
