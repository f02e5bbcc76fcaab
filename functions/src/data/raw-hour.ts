import { STATUS_CODES } from '@shared/schemas/series';
import type { RawValue } from '@shared/series/aggregate';

/**
 * The raw values of one point and UTC hour as one item of the series table (issue 41,
 * docs/architecture/series.md "Raw values packed per point-hour"): times as uint32 milliseconds
 * after the hour's start, values as float64, statuses as one byte each, in three binary columns
 * sorted by time. Pure: packing, unpacking and the merge rules of a write or a deletion.
 */

export type StatusCode = (typeof STATUS_CODES)[number];

export type RawEntry = RawValue & { status: StatusCode };

export const HOUR_MS = 3_600_000;

/** One a second over an hour (the spec's finest sampling is the minute): ≈ 47 KB, well under DynamoDB's 400 KB. */
export const MAX_VALUES_AN_HOUR = 3_600;

/** The start of the UTC hour holding an instant. */
export const utcHourOf = (at: number): number => Math.floor(at / HOUR_MS) * HOUR_MS;

export interface HourColumns {
  o: Uint8Array;
  v: Uint8Array;
  s: Uint8Array;
}

/** Packs an hour's entries (all in the hour starting at `hour`, distinct times) into its columns, sorted by time. */
export const encodeHour = (hour: number, entries: readonly RawEntry[]): HourColumns => {
  const sorted = [...entries].sort((a, b) => a.at - b.at);
  const o = new Uint8Array(sorted.length * 4);
  const v = new Uint8Array(sorted.length * 8);
  const s = new Uint8Array(sorted.length);
  const times = new DataView(o.buffer);
  const values = new DataView(v.buffer);
  sorted.forEach((entry, index) => {
    const offset = entry.at - hour;
    if (!Number.isInteger(offset) || offset < 0 || offset >= HOUR_MS) throw new Error(`value at ${entry.at} is not in the hour starting at ${hour}`);
    times.setUint32(index * 4, offset, true);
    values.setFloat64(index * 8, entry.value, true);
    const status = STATUS_CODES.indexOf(entry.status);
    s[index] = status < 0 ? STATUS_CODES.indexOf('1') : status;
  });
  return { o, v, s };
};

const bytesOf = (column: unknown): Uint8Array => {
  if (column instanceof Uint8Array) return column;
  if (typeof column === 'string') return Uint8Array.from(Buffer.from(column, 'base64'));
  if (column && typeof column === 'object' && 'B' in column) return bytesOf((column as { B: unknown }).B);
  return new Uint8Array(0);
};

/**
 * An hour item's columns as bytes (from the document client, a stream image or the wire format), as stored: copies,
 * so that one kept (a container's known hours) holds its own bytes, not a slice of a larger buffer.
 */
export const hourColumnsOf = (item: { o?: unknown; v?: unknown; s?: unknown }): HourColumns => ({ o: bytesOf(item.o).slice(), v: bytesOf(item.v).slice(), s: bytesOf(item.s).slice() });

/** The entries of an hour item's columns (from the document client: Uint8Array; from a stream image: base64 strings), oldest first. */
export const decodeHour = (hour: number, columns: { o?: unknown; v?: unknown; s?: unknown }): RawEntry[] => {
  const o = bytesOf(columns.o);
  const v = bytesOf(columns.v);
  const s = bytesOf(columns.s);
  const count = Math.min(o.length / 4, v.length / 8, s.length) | 0;
  const times = new DataView(o.buffer, o.byteOffset, o.byteLength);
  const values = new DataView(v.buffer, v.byteOffset, v.byteLength);
  return Array.from({ length: count }, (_, index) => ({
    at: hour + times.getUint32(index * 4, true),
    value: values.getFloat64(index * 8, true),
    status: STATUS_CODES[s[index]] ?? '1',
  }));
};

/**
 * An hour's entries with `writes` merged in (a time written replaces its value and status; the
 * last of several writes at one time wins) and the times in `removals` taken out; `changed` says
 * whether anything differs from `stored` (a write of the same values changes nothing). `under`
 * keeps a stored value where it is (a migration's legacy values never replace the hour's own).
 */
export const mergeHour = (
  stored: readonly RawEntry[],
  change: { writes?: readonly RawEntry[]; removals?: readonly number[]; under?: boolean },
): { entries: RawEntry[]; changed: boolean } => {
  const byTime = new Map(stored.map((entry) => [entry.at, entry]));
  let changed = false;
  for (const entry of change.writes ?? []) {
    const current = byTime.get(entry.at);
    if (current && (change.under || (Object.is(current.value, entry.value) && current.status === entry.status))) continue;
    byTime.set(entry.at, { at: entry.at, value: entry.value, status: entry.status });
    changed = true;
  }
  for (const at of change.removals ?? []) if (byTime.delete(at)) changed = true;
  return { entries: [...byTime.values()].sort((a, b) => a.at - b.at), changed };
};

/** The times whose value or status differ between two versions of an hour (added, changed or removed). */
export const changedTimes = (before: readonly RawEntry[], after: readonly RawEntry[]): number[] => {
  const old = new Map(before.map((entry) => [entry.at, entry]));
  const times: number[] = [];
  for (const entry of after) {
    const was = old.get(entry.at);
    old.delete(entry.at);
    if (!was || !Object.is(was.value, entry.value) || was.status !== entry.status) times.push(entry.at);
  }
  times.push(...old.keys());
  return times.sort((a, b) => a - b);
};

/**
 * The entries of raw partition items of either layout (hour items, sort key `h…`; legacy items of
 * one value, `t`, `v`, `s`) within [from, to), oldest first: an hour item's value wins over a legacy
 * item's at the same time (it was written after).
 */
export const entriesOfRawItems = (items: readonly Record<string, unknown>[], from = -Infinity, to = Infinity): RawEntry[] => {
  const byTime = new Map<number, RawEntry>();
  const legacy: RawEntry[] = [];
  for (const item of items) {
    const SK = String(item.SK);
    if (SK.startsWith('h')) {
      for (const entry of decodeHour(Number(SK.slice(1)), item)) if (entry.at >= from && entry.at < to) byTime.set(entry.at, entry);
    } else {
      const at = Number(item.t);
      if (at >= from && at < to) legacy.push({ at, value: Number(item.v), status: item.s as StatusCode });
    }
  }
  for (const entry of legacy) if (!byTime.has(entry.at)) byTime.set(entry.at, entry);
  return [...byTime.values()].sort((a, b) => a.at - b.at);
};
