import type { Aggregate } from '@shared/series/aggregate';

export interface StoredRollup extends Aggregate {
  start: number;
}

/** What a rollup holds, in storage order. */
export const ROLLUP_FIELDS = ['start', 'count', 'sum', 'min', 'max', 'first', 'firstAt', 'last', 'lastAt'] as const;
export type RollupField = (typeof ROLLUP_FIELDS)[number];

/**
 * A pack holds every bucket of one level in one stretch of time (hours of a UTC month, days or
 * months of a UTC year) in a single item, so a query reads a handful of items whatever its range.
 * It is stored by column: one binary attribute per field, little-endian float64 values sorted by
 * bucket start — exact for every number a rollup holds (epoch milliseconds included), and a
 * reader fetches only the columns its calculation needs (a daily `diff` reads start, first and
 * last: a third of the pack).
 */
export const columnAttribute = (field: RollupField): string => `col_${field}`;

export const encodePack = (rollups: readonly StoredRollup[]): Record<string, Uint8Array> => {
  const sorted = [...rollups].sort((a, b) => a.start - b.start);
  return Object.fromEntries(
    ROLLUP_FIELDS.map((field) => {
      const bytes = new Uint8Array(sorted.length * 8);
      const view = new DataView(bytes.buffer);
      sorted.forEach((rollup, index) => view.setFloat64(index * 8, rollup[field], true));
      return [columnAttribute(field), bytes];
    }),
  );
};

/** Whether this platform stores float64 little-endian, as packs do: then a column is read in place. */
const LITTLE_ENDIAN = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;

/** A column's values: a view when the bytes are aligned (or a copy when not), read one by one on a big-endian platform. */
const float64Column = (bytes: Uint8Array): Float64Array => {
  const length = bytes.byteLength / 8;
  if (LITTLE_ENDIAN) {
    return bytes.byteOffset % 8 === 0 ? new Float64Array(bytes.buffer, bytes.byteOffset, length) : new Float64Array(bytes.slice().buffer);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float64Array.from({ length }, (_, index) => view.getFloat64(index * 8, true));
};

/**
 * The buckets of a pack item, from the columns it was read with: fields whose column was not
 * read (a projection) are NaN, so a calculation given the wrong columns shows it at once. With a
 * range, only the buckets starting in [from, to) (the columns are sorted by start).
 */
export const decodePack = (item: Record<string, unknown>, range?: { from: number; to: number }): StoredRollup[] => {
  const starts = item[columnAttribute('start')];
  if (!(starts instanceof Uint8Array) || starts.byteLength % 8 !== 0) throw new Error('Rollup pack without a whole start column');
  const length = starts.byteLength / 8;
  const [start, count, sum, min, max, first, firstAt, last, lastAt] = ROLLUP_FIELDS.map((field) => {
    const bytes = item[columnAttribute(field)];
    if (bytes === undefined) return null;
    if (!(bytes instanceof Uint8Array) || bytes.byteLength !== length * 8) throw new Error(`Rollup pack column ${field} does not match its starts`);
    return float64Column(bytes);
  });
  let [begin, end] = [0, length];
  if (range) {
    while (begin < length && start![begin] < range.from) begin += 1;
    end = begin;
    while (end < length && start![end] < range.to) end += 1;
  }
  const rollups: StoredRollup[] = new Array(end - begin);
  for (let index = begin; index < end; index += 1) {
    rollups[index - begin] = {
      start: start![index],
      count: count ? count[index] : Number.NaN,
      sum: sum ? sum[index] : Number.NaN,
      min: min ? min[index] : Number.NaN,
      max: max ? max[index] : Number.NaN,
      first: first ? first[index] : Number.NaN,
      firstAt: firstAt ? firstAt[index] : Number.NaN,
      last: last ? last[index] : Number.NaN,
      lastAt: lastAt ? lastAt[index] : Number.NaN,
    };
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
