import type { Aggregate } from '@shared/series/aggregate';

export interface StoredRollup extends Aggregate {
  start: number;
}

/**
 * A pack holds every bucket of one level in one stretch of time (hours of a UTC month, days or
 * months of a UTC year) in a single item, so a query reads a handful of items whatever its range.
 * Buckets are stored as little-endian float64 records, sorted by start: exact for every number
 * a rollup holds (epoch milliseconds included) and about half the size of the same numbers as
 * text. The order of the fields is the storage format: append, never reorder.
 */
const FIELDS = ['start', 'count', 'sum', 'min', 'max', 'first', 'firstAt', 'last', 'lastAt'] as const;
const RECORD = FIELDS.length * 8;

export const encodePack = (rollups: readonly StoredRollup[]): Uint8Array => {
  const bytes = new Uint8Array(rollups.length * RECORD);
  const view = new DataView(bytes.buffer);
  [...rollups]
    .sort((a, b) => a.start - b.start)
    .forEach((rollup, index) => FIELDS.forEach((field, column) => view.setFloat64(index * RECORD + column * 8, rollup[field], true)));
  return bytes;
};

export const decodePack = (bytes: Uint8Array): StoredRollup[] => {
  if (bytes.byteLength % RECORD !== 0) throw new Error(`Rollup pack of ${bytes.byteLength} bytes is not whole records`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rollups: StoredRollup[] = [];
  for (let offset = 0; offset < bytes.byteLength; offset += RECORD) {
    const read = (column: number) => view.getFloat64(offset + column * 8, true);
    rollups.push({
      start: read(0),
      count: read(1),
      sum: read(2),
      min: read(3),
      max: read(4),
      first: read(5),
      firstAt: read(6),
      last: read(7),
      lastAt: read(8),
    });
  }
  return rollups;
};

/** A pack with some buckets replaced (a rollup) or removed (null); the rest kept as they were. */
export const applyChanges = (
  current: readonly StoredRollup[],
  changes: ReadonlyMap<number, StoredRollup | null>,
): StoredRollup[] => {
  const byStart = new Map(current.map((rollup) => [rollup.start, rollup]));
  for (const [start, rollup] of changes) {
    if (rollup) byStart.set(start, rollup);
    else byStart.delete(start);
  }
  return [...byStart.values()].sort((a, b) => a.start - b.start);
};
