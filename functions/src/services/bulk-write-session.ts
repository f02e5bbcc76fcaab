import { STATUS_CODES } from '@shared/schemas/series';
import type { RawValue } from '@shared/series/aggregate';
import type { RollupLevel } from '@shared/series/buckets';
import { rawValueWriter, type RawValueWriter, type StatusCode } from '../data/raw-value-repository';
import { decodePack, encodePack } from '../data/rollup-pack';
import type { PackForUpdate } from '../data/rollup-repository';
import type { SeriesRef } from '../data/series-keys';

/**
 * What a bulk job (a file import) keeps between its writes of the same point-months, so that rows
 * of one point-month arriving over several flushes cost one comparison read and one read of each
 * rollup pack for the whole job: what the table holds of each point-month over the stretch read
 * (with the job's own writes over it), the rollup packs as last read or written (their versions,
 * so a pack another writer changed is still detected), and the packs the job is changing, held
 * with their changes until they are written (once for many flushes). The first two are bounded
 * (least recently used first out; a point-month or pack pushed out is read again if needed); the
 * held packs are written whenever they grow past a bound and at the job's end.
 */

/** What a stretch of one point-month holds, sorted by time: about 17 bytes a value. */
export class StoredStretch {
  private constructor(
    /** The stretch read, [from, to): every value the table held in it is here. */
    readonly from: number,
    readonly to: number,
    private readonly at: Float64Array,
    private readonly value: Float64Array,
    private readonly status: Uint8Array,
  ) {}

  static of(from: number, to: number, entries: readonly (RawValue & { status: StatusCode })[]): StoredStretch {
    const sorted = [...entries].sort((a, b) => a.at - b.at);
    return new StoredStretch(
      from,
      to,
      Float64Array.from(sorted, (entry) => entry.at),
      Float64Array.from(sorted, (entry) => entry.value),
      Uint8Array.from(sorted, (entry) => STATUS_CODES.indexOf(entry.status)),
    );
  }

  get length(): number {
    return this.at.length;
  }

  /** The first index whose time is at or after `at`. */
  private lowerBound(at: number): number {
    let [low, high] = [0, this.at.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.at[middle] < at) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The value stored at a time, if any (the time must lie in the stretch). */
  find(at: number): { value: number; status: StatusCode } | undefined {
    const index = this.lowerBound(at);
    return this.at[index] === at ? { value: this.value[index], status: STATUS_CODES[this.status[index]] } : undefined;
  }

  /** The values in [from, to), oldest first. */
  valuesBetween(from: number, to: number): RawValue[] {
    const values: RawValue[] = [];
    for (let index = this.lowerBound(from); index < this.at.length && this.at[index] < to; index += 1) values.push({ at: this.at[index], value: this.value[index] });
    return values;
  }

  private entries(): (RawValue & { status: StatusCode })[] {
    return Array.from(this.at, (at, index) => ({ at, value: this.value[index], status: STATUS_CODES[this.status[index]] }));
  }

  /** The values in [from, to) with their status, oldest first. */
  entriesBetween(from: number, to: number): (RawValue & { status: StatusCode })[] {
    const entries: (RawValue & { status: StatusCode })[] = [];
    for (let index = this.lowerBound(from); index < this.at.length && this.at[index] < to; index += 1) entries.push({ at: this.at[index], value: this.value[index], status: STATUS_CODES[this.status[index]] });
    return entries;
  }

  /** This stretch and what the table holds over [from, to) (read just now, its complement in the new bounds). */
  widened(from: number, to: number, read: readonly (RawValue & { status: StatusCode })[]): StoredStretch {
    return StoredStretch.of(Math.min(from, this.from), Math.max(to, this.to), [...this.entries(), ...read]);
  }

  /** This stretch with values written over it (a time written replaces what it held). */
  withWrites(written: readonly (RawValue & { status: StatusCode })[]): StoredStretch {
    const replaced = new Set(written.map((entry) => entry.at));
    return StoredStretch.of(this.from, this.to, [...this.entries().filter((entry) => !replaced.has(entry.at)), ...written]);
  }
}

/** A map that forgets its least recently used entries once their weights pass a limit. */
export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private total = 0;

  constructor(
    private readonly limit: number,
    private readonly weightOf: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const weight = this.weightOf(value);
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.limit || oldest === key) break;
      this.entries.delete(oldest);
      this.total -= entry.weight;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.weight;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}

/**
 * Values kept from comparison reads and writes (17 bytes each: ≈ 8.5 MB), rollup buckets kept in
 * packs (72 bytes each in their columns: ≈ 14 MB) and buckets of packs held for writing (≈ 11 MB,
 * and what one flush adds before they are written), well inside the import's capped heap (160 MB).
 */
const STORED_VALUES_KEPT = 500_000;
/** Values read ahead for the next point-months: an hour or two of each point (≈ 1.7 MB at most). */
const AHEAD_VALUES_KEPT = 100_000;
const PACK_BUCKETS_KEPT = 200_000;
export const HELD_BUCKETS_WRITTEN_PAST = 150_000;

/**
 * A pack as a job keeps it: as stored (key, version, existence), its buckets in their binary
 * columns — 72 bytes a bucket, where decoded objects take 250 to 560 (measured with Node 20):
 * 200,000 buckets as objects ran the import out of its heap at 1M rows.
 */
export interface KeptPack {
  key: { PK: string; SK: string };
  version: number;
  exists: boolean;
  columns: Record<string, Uint8Array>;
  length: number;
}

export const keptPack = (pack: PackForUpdate): KeptPack => ({
  key: pack.key,
  version: pack.version,
  exists: pack.exists,
  columns: encodePack(pack.rollups),
  length: pack.rollups.length,
});

export const packOfKept = (kept: KeptPack): PackForUpdate => ({ key: kept.key, version: kept.version, exists: kept.exists, rollups: decodePack(kept.columns) });

/**
 * A rollup pack a bulk job is changing: as stored (key, version, existence) with the job's
 * changes over its buckets, and which buckets those are (none: only held, so that it stays in
 * memory while the point-month it serves is being written).
 */
export interface HeldPack {
  series: SeriesRef;
  level: RollupLevel;
  zone: string;
  pack: KeptPack;
  changed: Set<number>;
  /** The session's `round` when a point-month last used it. */
  round: number;
}

export interface BulkWriteSession {
  /** The pool every raw value of the job is written through. */
  writer: RawValueWriter;
  /** By point-month (`customer|point|zone|month start`). */
  stretches: BoundedCache<StoredStretch>;
  /**
   * By point-month: the start of its stretch as read with the point-month before it (the rest of
   * the UTC month partition that month ends in), for its first comparison read only — taken once,
   * and kept only while the point-month has not started (see `started`), so no write of it can
   * have landed since.
   */
  ahead: BoundedCache<StoredStretch>;
  /** Point-months (keys as `stretches`) whose bulk write started in this job. */
  started: Set<string>;
  /** By pack key (`PK|SK`): packs as stored, not held. */
  packs: BoundedCache<KeptPack>;
  /** By pack key (`PK|SK`): packs held, changed in memory and not yet written (see `writeHeldRollups`). */
  held: Map<string, HeldPack>;
  /**
   * Extent markers as read or lowered by the job, by marker key (`PK|SK`): a sort key the
   * marker's `firstPack` is at or before, or null when there was no marker.
   */
  extents: Map<string, string | null>;
  /** Counted up by the job at each of its flushes, so that the packs it no longer uses are written first. */
  round: number;
  /** Diagnostics: milliseconds spent by phase (summed over the point-months running at once), and counts. */
  timings: Record<string, number>;
}

export const bulkWriteSession = (options: { inFlight: number }): BulkWriteSession => ({
  writer: rawValueWriter({ inFlight: options.inFlight }),
  stretches: new BoundedCache<StoredStretch>(STORED_VALUES_KEPT, (stretch) => stretch.length + 1),
  ahead: new BoundedCache<StoredStretch>(AHEAD_VALUES_KEPT, (stretch) => stretch.length + 1),
  started: new Set(),
  packs: new BoundedCache<KeptPack>(PACK_BUCKETS_KEPT, (pack) => pack.length + 1),
  held: new Map(),
  extents: new Map(),
  round: 0,
  timings: {},
});

/** Runs `work`, adding its duration to the session's `phase` (diagnostics). */
export const timed = async <T>(session: BulkWriteSession, phase: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  try {
    return await work();
  } finally {
    session.timings[phase] = (session.timings[phase] ?? 0) + performance.now() - started;
  }
};

/** Buckets in the packs a session holds for writing: past HELD_BUCKETS_WRITTEN_PAST they are written. */
export const heldBuckets = (session: BulkWriteSession): number => {
  let total = 0;
  for (const held of session.held.values()) total += held.pack.length + 1;
  return total;
};
