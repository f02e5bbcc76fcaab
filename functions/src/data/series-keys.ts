import type { RollupLevel } from '@shared/series/buckets';

/**
 * Key formats of the series table. Raw values: one partition per point and UTC month, sorted by
 * time. Rollups: one partition per point and level, sorted by bucket start. Times in sort keys
 * are zero-padded epoch milliseconds so that string order is time order.
 */
const pad = (instant: number): string => String(instant).padStart(13, '0');

const utcMonth = (instant: number): string => new Date(instant).toISOString().slice(0, 7).replace('-', '');

export const seriesKeys = {
  raw: (pointId: string, at: number) => ({ PK: `S#${pointId}#${utcMonth(at)}`, SK: pad(at) }),
  rawPartition: (pointId: string, month: string) => `S#${pointId}#${month}`,
  rollup: (pointId: string, level: RollupLevel, start: number) => ({ PK: `R#${pointId}#${level}`, SK: pad(start) }),
  rollupPartition: (pointId: string, level: RollupLevel) => `R#${pointId}#${level}`,
  sortKey: pad,
  /** The UTC months (yyyyMM) whose raw partitions hold instants in [from, to). */
  monthsBetween: (from: number, to: number): string[] => {
    const months: string[] = [];
    const cursor = new Date(Date.UTC(new Date(from).getUTCFullYear(), new Date(from).getUTCMonth(), 1));
    while (cursor.getTime() < to) {
      months.push(utcMonth(cursor.getTime()));
      cursor.setUTCMonth(cursor.getUTCMonth() + 1);
    }
    return months;
  },
  /** Point id of a raw partition key. */
  pointOfRaw: (PK: string): string => PK.slice(2, PK.lastIndexOf('#')),
};
