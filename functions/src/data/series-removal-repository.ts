import { ROLLUP_LEVELS } from '@shared/series/buckets';
import { listRawMonths } from './raw-value-repository';
import { seriesKeys, type SeriesRef } from './series-keys';
import { deleteFirstOfPartition, seriesTable } from './table';

/**
 * Removes at most `limit` items of a point's series and says how many went (0: nothing is left):
 * the raw partitions month by month, the rollups, the extent markers, and last the month markers,
 * which are how the raw partitions are found again by the next call.
 */
export const removeSeriesItemsUpTo = async (series: SeriesRef, limit: number): Promise<number> => {
  const table = seriesTable();
  const partitions = [
    ...(await listRawMonths(series)).map((month) => seriesKeys.rawPartition(series, month)),
    ...ROLLUP_LEVELS.map((level) => seriesKeys.rollupPartition(series, level)),
    seriesKeys.extent(series, 'hour').PK,
    seriesKeys.rawMonths(series),
  ];
  let removed = 0;
  for (const PK of partitions) {
    for (;;) {
      if (removed >= limit) return removed;
      const gone = await deleteFirstOfPartition(table, PK, limit - removed);
      removed += gone;
      if (gone === 0) break;
    }
  }
  return removed;
};
