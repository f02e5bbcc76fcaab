import type { RollupLevel } from '@shared/series/buckets';

/**
 * Key formats of the series table. Raw values: one partition per point and UTC month, sorted by
 * time. Rollups: hour rollups per point and UTC month, day rollups per point and UTC year, month
 * rollups in one partition per point — so no partition grows with the length of the history and
 * a query's cost follows the buckets it reads. Times in sort keys are zero-padded epoch
 * milliseconds so that string order is time order.
 */
const pad = (instant: number): string => String(instant).padStart(13, '0');

const utcMonth = (instant: number): string => new Date(instant).toISOString().slice(0, 7).replace('-', '');

const rollupPartitionOf = (pointId: string, level: RollupLevel, instant: number): string => {
  if (level === 'hour') return `R#${pointId}#hour#${utcMonth(instant)}`;
  if (level === 'day') return `R#${pointId}#day#${new Date(instant).getUTCFullYear()}`;
  return `R#${pointId}#month`;
};

export const seriesKeys = {
  raw: (pointId: string, at: number) => ({ PK: `S#${pointId}#${utcMonth(at)}`, SK: pad(at) }),
  rawPartition: (pointId: string, month: string) => `S#${pointId}#${month}`,
  rollup: (pointId: string, level: RollupLevel, start: number) => ({ PK: rollupPartitionOf(pointId, level, start), SK: pad(start) }),
  rollupPartitionOf: (pointId: string, level: RollupLevel, instant: number) => rollupPartitionOf(pointId, level, instant),
  /** The rollup partitions holding bucket starts in [from, to), oldest first. */
  rollupPartitionsBetween: (pointId: string, level: RollupLevel, from: number, to: number): string[] => {
    if (level === 'month') return [`R#${pointId}#month`];
    const partitions: string[] = [];
    const cursor = new Date(Date.UTC(new Date(from).getUTCFullYear(), level === 'hour' ? new Date(from).getUTCMonth() : 0, 1));
    while (cursor.getTime() < to) {
      partitions.push(rollupPartitionOf(pointId, level, cursor.getTime()));
      if (level === 'hour') cursor.setUTCMonth(cursor.getUTCMonth() + 1);
      else cursor.setUTCFullYear(cursor.getUTCFullYear() + 1);
    }
    return partitions;
  },
  /** The partition before the one holding an instant (null for the single month partition). */
  previousRollupPartitionStart: (level: RollupLevel, instant: number): number | null => {
    if (level === 'month') return null;
    const date = new Date(instant);
    return level === 'hour'
      ? Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) - 1
      : Date.UTC(date.getUTCFullYear(), 0, 1) - 1;
  },
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
