import { BatchExecuteStatementCommand, BatchGetCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { RawValue } from '@shared/series/aggregate';
import { dynamo } from '../clients/dynamodb';
import { forEachConcurrently } from '../concurrency';
import { AppError } from '../errors';
import { decodeHour, encodeHour, entriesOfRawItems, hourColumnsOf, HOUR_MS, MAX_VALUES_AN_HOUR, mergeHour, utcHourOf, type RawEntry, type StatusCode } from './raw-hour';
import { legacyRawMayExist } from './raw-layout';
import { seriesKeys, type SeriesRef } from './series-keys';
import { batchWrite, queryEvery, seriesTable } from './table';

/**
 * Raw values of the series table: one item per point and UTC hour (raw-hour.ts: times, values and
 * statuses as columns), a partition per point and UTC month, and the months each point has. While
 * a migration from the legacy layout (one item per value) runs, readers read both (raw-layout.ts).
 */

export type { StatusCode } from './raw-hour';

export interface StoredValue extends RawValue {
  pointId: string;
  customerId: string;
  status: StatusCode;
  /** Time zone of the point's location when written: the calendar its rollups use. */
  zone: string;
}

const queryAll = (input: ConstructorParameters<typeof QueryCommand>[0]) => queryEvery<Record<string, unknown>>(input);

/**
 * The month markers this instance has written (`PK|SK`): a source fetched every 15 minutes wrote its
 * month's marker again with every batch, a write unit each time for an item that was there (issue 41).
 * A marker is only ever deleted with its point's whole series (a purge, once the point is gone), so one
 * remembered here cannot be missing while its point still gets values. Bounded: forgotten all at once
 * past MARKED_MONTHS_KEPT (the next batches write theirs again, which is harmless).
 */
const markedMonths = new Set<string>();
const MARKED_MONTHS_KEPT = 50_000;
const rememberMarked = (id: string): void => {
  if (markedMonths.size >= MARKED_MONTHS_KEPT) markedMonths.clear();
  markedMonths.add(id);
};

/** An hour item as a writer knows it: its version (0: there is none), its zone and entries. */
export interface KnownHour {
  version: number;
  zone: string;
  entries: RawEntry[];
}

type Key = { PK: string; SK: string };

/**
 * What became of one new hour item of an `insertNew` batch: written; found existing (another
 * writer put it since it was read absent: read again and merged); to send again (throttled, a
 * conflict or an internal error of that statement alone); or failed for good (`error`).
 */
export type InsertOutcome = { result: 'landed' } | { result: 'exists' } | { result: 'again' } | { result: 'failed'; error: Error };

/**
 * The calls a write into hour items makes (the table's by default; unit tests give their own):
 * `put` and `remove` answer false when the item's version is no longer `version` (0: it must not
 * exist), the write then being read again and merged again. `insertNew` puts items that must not
 * exist, several in one call (BatchExecuteStatement of PartiQL INSERTs: each lands or fails on its
 * own), and answers each one's outcome, in order.
 */
export interface HourTable {
  get: (key: Key) => Promise<KnownHour>;
  put: (item: Record<string, unknown>, version: number) => Promise<boolean>;
  insertNew: (items: readonly Record<string, unknown>[]) => Promise<InsertOutcome[]>;
  remove: (key: Key, version: number) => Promise<boolean>;
  putMarkers: (keys: readonly Key[]) => Promise<void>;
}

const conditionFailed = (error: unknown): boolean => (error as { name?: string })?.name === 'ConditionalCheckFailedException';

const onVersion = (version: number) =>
  version === 0 ? { ConditionExpression: 'attribute_not_exists(PK)' } : { ConditionExpression: 'n = :n', ExpressionAttributeValues: { ':n': version } };

/** A statement's error codes sent again as they were (BatchStatementError's codes a retry can cure). */
const INSERT_AGAIN = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded', 'InternalServerError', 'TransactionConflict']);

/**
 * The outcome of one INSERT of a BatchExecuteStatement from its answer: no error, it landed;
 * `DuplicateItem` (or a failed condition), the item exists; a code a retry can cure, again; any
 * other (validation, access, a missing table, an item collection full) fails the write. A
 * statement the answer does not cover (none should be) is sent again.
 */
export const insertOutcomeOf = (answer: { Error?: { Code?: string; Message?: string } } | undefined): InsertOutcome => {
  if (!answer) return { result: 'again' };
  const code = answer.Error?.Code;
  if (!answer.Error) return { result: 'landed' };
  if (code === 'DuplicateItem' || code === 'ConditionalCheckFailed') return { result: 'exists' };
  if (code && INSERT_AGAIN.has(code)) return { result: 'again' };
  return { result: 'failed', error: new Error(`INSERT of a new hour item failed: ${code ?? 'no code'} ${answer.Error.Message ?? ''}`.trim()) };
};

/** PartiQL quotes: an attribute name in single quotes, a table name in double quotes, each doubled inside. */
const quotedName = (name: string): string => `'${name.replaceAll("'", "''")}'`;

/**
 * An INSERT of an item with its values as parameters: `INSERT INTO "table" VALUE {'PK': ?, …}`.
 * Binary columns travel as `B` parameters and are stored as a PutItem stores them.
 */
export const insertStatement = (table: string, item: Record<string, unknown>): { Statement: string; Parameters: unknown[] } => {
  const names = Object.keys(item).filter((name) => item[name] !== undefined);
  return {
    Statement: `INSERT INTO "${table.replaceAll('"', '""')}" VALUE {${names.map((name) => `${quotedName(name)}: ?`).join(', ')}}`,
    Parameters: names.map((name) => item[name]),
  };
};

const knownOf = (item: Record<string, unknown> | undefined, SK: string): KnownHour =>
  item ? { version: Number(item.n ?? 1), zone: String(item.z ?? ''), entries: decodeHour(seriesKeys.rawHourStart(SK), item) } : { version: 0, zone: '', entries: [] };

const dynamoHours: HourTable = {
  get: async (key) => knownOf((await dynamo.send(new GetCommand({ TableName: seriesTable(), Key: key, ConsistentRead: true }))).Item, key.SK),
  put: async (item, version) => {
    try {
      await dynamo.send(
        new PutCommand({
          TableName: seriesTable(),
          Item: item,
          ...onVersion(version),
        }),
      );
      return true;
    } catch (error) {
      if (conditionFailed(error)) return false;
      throw error;
    }
  },
  insertNew: async (items) => {
    const table = seriesTable();
    const { Responses } = await dynamo.send(new BatchExecuteStatementCommand({ Statements: items.map((item) => insertStatement(table, item)) }));
    return items.map((_, index) => insertOutcomeOf(Responses?.[index]));
  },
  remove: async (key, version) => {
    try {
      await dynamo.send(new DeleteCommand({ TableName: seriesTable(), Key: key, ConditionExpression: 'n = :n', ExpressionAttributeValues: { ':n': version } }));
      return true;
    } catch (error) {
      if (conditionFailed(error)) return false;
      throw error;
    }
  },
  putMarkers: (keys) => batchWrite(seriesTable(), keys.map((key) => ({ PutRequest: { Item: key } }))),
};

/**
 * What this container last read (strongly consistent, or a fetch's eventually consistent read) or wrote of hour items, by `PK|SK`: the
 * version a read-modify-write starts from without reading again (a fetch rewriting the hour it
 * wrote 15 minutes before; an import's hours its comparison read found absent). Only a start: the
 * write is conditional on that version, and one that lost it reads again. Bounded, forgotten at once.
 */
const knownHours = new Map<string, { version: number; zone: string; columns: ReturnType<typeof encodeHour> }>();
const KNOWN_HOURS_KEPT = 20_000;
/**
 * Stretches of hours a consistent read found no item in and that nothing known since touched, by
 * partition (`[first hour, last hour]`): an import's comparison read over the rest of a month finds
 * hundreds of absent hours a point, kept as one span rather than an entry each. An hour this
 * container then writes, reads or loses a race on is taken out of its spans (`punchAbsent`), so the
 * spans never need `knownHours` to be right: forgetting known hours (past KNOWN_HOURS_KEPT, an
 * import's first 20,000 written) leaves the hours still absent known absent.
 */
const absentSpans = new Map<string, [number, number][]>();
const ABSENT_PARTITIONS_KEPT = 20_000;
/** Spans kept a partition (the oldest dropped: hours then read, not taken as absent). */
const ABSENT_SPANS_KEPT = 8;
const partitionOf = (id: string): string => id.slice(0, id.lastIndexOf('|'));
const punchAbsent = (PK: string, hour: number): void => {
  const spans = absentSpans.get(PK);
  if (!spans?.some(([first, last]) => hour >= first && hour <= last)) return;
  const left = spans.flatMap(([first, last]): [number, number][] =>
    hour < first || hour > last
      ? [[first, last]]
      : ([[first, hour - HOUR_MS], [hour + HOUR_MS, last]] as [number, number][]).filter(([from, to]) => from <= to),
  );
  if (left.length === 0) absentSpans.delete(PK);
  else absentSpans.set(PK, left.slice(-ABSENT_SPANS_KEPT));
};
const rememberHour = (id: string, hour: number, known: KnownHour, columns?: ReturnType<typeof encodeHour>): void => {
  if (knownHours.size >= KNOWN_HOURS_KEPT) knownHours.clear();
  // `columns`: the entries as just packed for the item written (not packed a second time).
  knownHours.set(id, { version: known.version, zone: known.zone, columns: columns ?? encodeHour(hour, known.entries) });
  punchAbsent(partitionOf(id), hour);
};
const rememberAbsent = (PK: string, first: number, last: number): void => {
  if (first > last) return;
  if (absentSpans.size >= ABSENT_PARTITIONS_KEPT) absentSpans.clear();
  absentSpans.set(PK, [...(absentSpans.get(PK) ?? []).slice(1 - ABSENT_SPANS_KEPT), [first, last]]);
};
const forgetHour = (id: string, hour: number): void => {
  knownHours.delete(id);
  punchAbsent(partitionOf(id), hour);
};
const recalledHour = (id: string, hour: number): KnownHour | undefined => {
  const kept = knownHours.get(id);
  if (kept) return { version: kept.version, zone: kept.zone, entries: decodeHour(hour, kept.columns) };
  const spans = absentSpans.get(partitionOf(id));
  return spans?.some(([first, last]) => hour >= first && hour <= last) ? { version: 0, zone: '', entries: [] } : undefined;
};

/** Forgets what this container knows of hour items (tests). */
export const forgetKnownHours = (): void => {
  knownHours.clear();
  absentSpans.clear();
};

/** How many hour items this container remembers, and stretches of absent ones (tests). */
export const knownHoursHeld = (): { known: number; absentSpans: number } => ({ known: knownHours.size, absentSpans: [...absentSpans.values()].reduce((sum, spans) => sum + spans.length, 0) });

const WRITE_ATTEMPTS = 9;

/** Writes of one hour item by this container, one after the other (their merges would conflict). */
const hourQueues = new Map<string, Promise<unknown>>();

/** One change of one hour item: values written over it and times removed from it. */
interface HourChange {
  key: Key;
  writes: RawEntry[];
  removals: number[];
  /** The zone written with the values (a deletion keeps the item's). */
  zone: string;
  bulk: boolean;
  /** A migration's legacy values: never over a value the hour holds. */
  under?: boolean;
}

/**
 * Merges a change into its hour item: read (or recalled), merged, put on the version read; a write
 * another writer beat is read and merged again. Answers whether the item changed. `putNew`, when
 * given, puts instead of `table.put` a first attempt at an hour this container knows absent (a
 * pool's batches of INSERTs, `rawValueWriter`); every later attempt reads the item and puts it alone.
 */
const writeHour = (table: HourTable, change: HourChange, backoffMs: number, putNew?: (item: Record<string, unknown>) => Promise<boolean>): Promise<boolean> => {
  const id = `${change.key.PK}|${change.key.SK}`;
  const run = async (): Promise<boolean> => {
    const hour = seriesKeys.rawHourStart(change.key.SK);
    let recall = true;
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, (2 ** attempt * backoffMs * (1 + Math.random())) / 2));
      const recalled = recall ? recalledHour(id, hour) : undefined;
      recall = false;
      let known = recalled ?? (await table.get(change.key));
      let merged = mergeHour(known.entries, change);
      if (!merged.changed && recalled) {
        // "Nothing to write" is only believed from the table: another writer may have changed the item since.
        known = await table.get(change.key);
        merged = mergeHour(known.entries, change);
      }
      if (!merged.changed) {
        rememberHour(id, hour, known);
        return false;
      }
      if (merged.entries.length > MAX_VALUES_AN_HOUR) {
        throw new AppError('validation_failed', { details: `more than ${MAX_VALUES_AN_HOUR} values in the hour from ${new Date(hour).toISOString()}` });
      }
      const zone = change.writes.length > 0 ? change.zone : known.zone || change.zone;
      const version = known.version + 1;
      const columns = encodeHour(hour, merged.entries);
      const item = { ...change.key, ...columns, n: version, z: zone, b: change.bulk ? 1 : 0 };
      const landed =
        merged.entries.length === 0
          ? await table.remove(change.key, known.version)
          : putNew && known === recalled && known.version === 0
            ? await putNew(item)
            : await table.put(item, known.version);
      if (landed) {
        if (merged.entries.length === 0) rememberHour(id, hour, { version: 0, zone: '', entries: [] });
        else rememberHour(id, hour, { version, zone, entries: merged.entries }, columns);
        return true;
      }
      forgetHour(id, hour);
    }
    throw new Error('Writes of a raw hour item kept conflicting with other writers');
  };
  const previous = hourQueues.get(id) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(run);
  const settled = next.catch(() => undefined);
  hourQueues.set(id, settled);
  void settled.then(() => {
    if (hourQueues.get(id) === settled) hourQueues.delete(id);
  });
  return next;
};

/** The changes of hour items that values make (the last of several values at one time wins). */
const hourChangesOf = (values: readonly StoredValue[], bulk: boolean): HourChange[] => {
  const changes = new Map<string, HourChange>();
  const perHour = new Map<string, Map<number, RawEntry>>();
  // Values come in time order a point: the key of the previous value's hour is kept, not built again for each value.
  let last: { customerId: string; pointId: string; hour: number; change: HourChange; entries: Map<number, RawEntry> } | undefined;
  for (const value of values) {
    const hour = utcHourOf(value.at);
    if (!last || last.hour !== hour || last.pointId !== value.pointId || last.customerId !== value.customerId) {
      const key = seriesKeys.raw(value, value.at);
      const id = `${key.PK}|${key.SK}`;
      let change = changes.get(id);
      if (!change) {
        change = { key, writes: [], removals: [], zone: value.zone, bulk };
        changes.set(id, change);
        perHour.set(id, new Map());
      }
      last = { customerId: value.customerId, pointId: value.pointId, hour, change, entries: perHour.get(id)! };
    }
    last.change.zone = value.zone;
    last.entries.set(value.at, { at: value.at, value: value.value, status: value.status });
  }
  for (const [id, change] of changes) {
    change.writes = [...perHour.get(id)!.values()];
    // Refused before anything is written: a batch that alone overfills a point-hour.
    if (change.writes.length > MAX_VALUES_AN_HOUR) {
      throw new AppError('validation_failed', { details: `more than ${MAX_VALUES_AN_HOUR} values in the hour from ${new Date(utcHourOf(change.writes[0].at)).toISOString()}` });
    }
  }
  return [...changes.values()];
};

/** Hour items written at once by a single write or a deletion. */
const HOURS_AT_ONCE = 8;

/**
 * Writes raw values; writing the same (point, time) again replaces the value. `b` says who rolls
 * them up: 1 for the bulk path, which writes their rollups with them; 0 for single writes, which
 * the table stream rolls up (its event filter lets only those and deletions through).
 */
export const putRawValues = async (values: readonly StoredValue[], options: { bulk?: boolean } = {}): Promise<void> => {
  const changes = hourChangesOf(values, options.bulk === true);
  await noteRawMonths(values);
  await forEachConcurrently(changes, HOURS_AT_ONCE, async (change) => {
    await writeHour(dynamoHours, change, 25);
  });
};

/** Writes of the bulk path, pooled across point-months (see `rawValueWriter`). */
export interface RawValueWriter {
  /** Writes the values (bulk: their rollups are the caller's); resolves once every one of them landed. */
  write: (values: readonly StoredValue[]) => Promise<void>;
  /** Where the pool's time went so far (diagnostics: an import logs it). */
  usage: () => WriterUsage;
}

/** How busy a writer pool was since it was made. */
export interface WriterUsage {
  /** Milliseconds with 0, 1, … table calls in flight (index: calls in flight). */
  msByCallsInFlight: number[];
  /** Table calls made for hour items: reads, puts, batches of INSERTs. */
  calls: number;
  /** Sum of those calls' durations, in milliseconds. */
  callMs: number;
  /** Batches of INSERTs of new hour items (BatchExecuteStatement), and the hour items they put. */
  insertBatches: number;
  hoursInserted: number;
  /** Hour items an INSERT found existing, left to the read-modify-write (another writer had written them). */
  hoursContested: number;
  /** INSERTs sent again (a statement throttled or in conflict). */
  insertsRetried: number;
}

/**
 * A write of at least this many hour items puts those this container knows absent in the pool's
 * batches of INSERTs (an import, a seed, a merge); a fetch's one or two hours a point go alone, by
 * a conditional PutItem (the same write units, one call an hour).
 */
export const NEW_HOURS_BATCHED_FROM = 8;
/** DynamoDB's limit of one BatchExecuteStatement: 25 statements. */
export const INSERT_STATEMENTS = 25;
/** Bytes of items a batch carries at most (counted as base64, as the request carries them; far above 25 hour items of ten-minute data). */
const INSERT_BATCH_BYTES = 3_500_000;

/** About what an hour item weighs in a request (binary columns as base64). */
const bytesInRequest = (item: Record<string, unknown>): number =>
  Object.entries(item).reduce((sum, [name, value]) => sum + name.length + 8 + (value instanceof Uint8Array ? Math.ceil(value.length / 3) * 4 : String(value).length), 64);

/**
 * One pool of raw value writes for a whole bulk job (an import): the hour items of every
 * point-month written through it are merged and written with at most `inFlight` table calls at
 * once, whatever point they belong to. An hour this container knows absent (its comparison read
 * found none) is put, with the others a write of `NEW_HOURS_BATCHED_FROM` hours or more brings, in
 * a BatchExecuteStatement of up to 25 PartiQL INSERTs: one call where each was a call of its own,
 * at the write units of a PutItem (1 per KB; a transaction's put costs 2). An INSERT fails on an
 * existing key (`DuplicateItem`), each statement on its own: an hour another writer put meanwhile
 * (a single write landed there) is read and merged one by one (`writeHour`), the others of its
 * batch are written; a statement throttled or in conflict goes again, after a backoff, in a later
 * batch (past `WRITE_ATTEMPTS` sends, it is read and merged alone). No value is lost or written
 * twice. The batches fill while the pool's calls are all busy. Every other hour is a conditional
 * read-modify-write of its own. Month markers are written before the first value of their month,
 * once per pool (and once per container: `markedMonths`).
 */
export const rawValueWriter = (options: { inFlight: number; table?: HourTable; backoffMs?: number }): RawValueWriter => {
  const table = options.table ?? dynamoHours;
  const backoffMs = options.backoffMs ?? 25;
  const noted = new Map<string, Promise<void>>();
  let running = 0;
  const waiting: (() => void)[] = [];
  const usage: WriterUsage = {
    msByCallsInFlight: Array.from({ length: options.inFlight + 1 }, () => 0),
    calls: 0,
    callMs: 0,
    insertBatches: 0,
    hoursInserted: 0,
    hoursContested: 0,
    insertsRetried: 0,
  };
  let sinceChange = performance.now();
  const runningChanges = (by: number) => {
    const now = performance.now();
    usage.msByCallsInFlight[Math.min(running, options.inFlight)] += now - sinceChange;
    sinceChange = now;
    running += by;
  };
  const slot = async (): Promise<void> => {
    if (running < options.inFlight) {
      runningChanges(1);
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else runningChanges(-1);
  };
  /** A table call in one of the pool's slots, timed. */
  const inSlot = async <T>(call: () => Promise<T>): Promise<T> => {
    await slot();
    const started = performance.now();
    try {
      return await call();
    } finally {
      usage.calls += 1;
      usage.callMs += performance.now() - started;
      release();
    }
  };
  const slotted: HourTable = {
    get: (key) => inSlot(() => table.get(key)),
    put: (item, version) => inSlot(() => table.put(item, version)),
    insertNew: (items) => inSlot(() => table.insertNew(items)),
    remove: (key, version) => inSlot(() => table.remove(key, version)),
    putMarkers: (keys) => table.putMarkers(keys),
  };

  type PendingInsert = { item: Record<string, unknown>; bytes: number; sends: number; settle: (landed: boolean) => void; fail: (error: unknown) => void };
  /** New hours waiting for a batch, oldest first. */
  const pending: PendingInsert[] = [];
  /** Senders waiting for a slot: each takes what is pending once it has one. */
  let senders = 0;
  const takeBatch = () => {
    const batch: PendingInsert[] = [];
    let bytes = 0;
    while (pending.length > 0 && batch.length < INSERT_STATEMENTS && (batch.length === 0 || bytes + pending[0].bytes <= INSERT_BATCH_BYTES)) {
      const next = pending.shift()!;
      bytes += next.bytes;
      batch.push(next);
    }
    return batch;
  };
  const enqueue = (entry: PendingInsert) => {
    pending.push(entry);
    if (senders === 0) startSender();
  };
  /** A statement to send again: after the backoff of its send, or, past the attempts, read and merged alone. */
  const sendAgain = (entry: PendingInsert) => {
    usage.insertsRetried += 1;
    if (entry.sends >= WRITE_ATTEMPTS) {
      entry.settle(false);
      return;
    }
    setTimeout(() => enqueue(entry), (2 ** entry.sends * backoffMs * (1 + Math.random())) / 2);
  };
  const send = async (): Promise<void> => {
    await slot();
    senders -= 1;
    const batch = takeBatch();
    if (pending.length > 0 && senders === 0) startSender();
    if (batch.length === 0) {
      release();
      return;
    }
    const started = performance.now();
    try {
      if (batch.length === 1 && batch[0].sends === 0) {
        // One hour alone: a conditional PutItem, the same units in a call of its own.
        batch[0].settle(await table.put(batch[0].item, 0));
        return;
      }
      for (const entry of batch) entry.sends += 1;
      const outcomes = await table.insertNew(batch.map((entry) => entry.item));
      usage.insertBatches += 1;
      batch.forEach((entry, index) => {
        const outcome = outcomes[index] ?? { result: 'again' };
        if (outcome.result === 'landed') {
          usage.hoursInserted += 1;
          entry.settle(true);
        } else if (outcome.result === 'exists') {
          usage.hoursContested += 1;
          entry.settle(false);
        } else if (outcome.result === 'again') sendAgain(entry);
        else entry.fail(outcome.error);
      });
    } catch (error) {
      for (const entry of batch) entry.fail(error);
    } finally {
      usage.calls += 1;
      usage.callMs += performance.now() - started;
      release();
    }
  };
  /** A sender starts after this turn of the event loop: the hours the same turn brings share its batch. */
  const startSender = () => {
    senders += 1;
    setImmediate(() => void send());
  };
  const putNew = (item: Record<string, unknown>): Promise<boolean> =>
    new Promise<boolean>((settle, fail) => enqueue({ item, bytes: bytesInRequest(item), sends: 0, settle, fail }));

  const noteMonths = async (values: readonly StoredValue[]): Promise<void> => {
    const waits: Promise<void>[] = [];
    for (const key of monthMarkersOf(values)) {
      const id = `${key.PK}|${key.SK}`;
      let note = noted.get(id);
      if (!note) {
        note = (async () => {
          await table.putMarkers([key]);
          rememberMarked(id);
        })();
        note.catch(() => noted.delete(id));
        noted.set(id, note);
      }
      waits.push(note);
    }
    await Promise.all(waits);
  };
  return {
    write: async (values) => {
      if (values.length === 0) return;
      const changes = hourChangesOf(values, true);
      await noteMonths(values);
      const batched = changes.length >= NEW_HOURS_BATCHED_FROM;
      await Promise.all(changes.map((change) => writeHour(slotted, change, backoffMs, batched ? putNew : undefined)));
    },
    usage: () => {
      runningChanges(0);
      return { ...usage, msByCallsInFlight: [...usage.msByCallsInFlight] };
    },
  };
};

/** The month markers of the values this container has not written yet. */
const monthMarkersOf = (values: readonly StoredValue[]): Key[] => {
  const months = new Map<string, Key>();
  let previous = '';
  for (const value of values) {
    const month = seriesKeys.utcMonth(value.at);
    const id = `${value.customerId}#${value.pointId}#${month}`;
    if (id === previous) continue;
    previous = id;
    const key = seriesKeys.rawMonth(value, month);
    if (!markedMonths.has(`${key.PK}|${key.SK}`)) months.set(`${key.PK}|${key.SK}`, key);
  }
  return [...months.values()];
};

/** Marks the months the values fall in before they are written, so no raw partition is ever unlisted. */
const noteRawMonths = async (values: readonly StoredValue[]): Promise<void> => {
  const months = monthMarkersOf(values);
  if (months.length === 0) return;
  await dynamoHours.putMarkers(months);
  for (const key of months) rememberMarked(`${key.PK}|${key.SK}`);
};

/** The UTC months (yyyyMM) in which raw values of a point were ever written, oldest first. */
export const listRawMonths = async (series: SeriesRef): Promise<string[]> =>
  (
    await queryAll({
      TableName: seriesTable(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': seriesKeys.rawMonths(series) },
      ProjectionExpression: 'SK',
    })
  ).map((item) => String(item.SK));

const entriesOfItems = entriesOfRawItems;

/** Every raw value of one month partition, with its status (both layouts: the partition is read whole). */
export const listRawEntriesOfMonth = async (series: SeriesRef, month: string): Promise<(RawValue & { status: StatusCode })[]> =>
  entriesOfItems(
    await queryAll({
      TableName: seriesTable(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': seriesKeys.rawPartition(series, month) },
    }),
  );

/** The legacy items (one per value) of a raw partition, keys and values: what the migration packs. */
export const listLegacyRawItems = async (series: SeriesRef, month: string): Promise<(RawEntry & { zone: string })[]> =>
  (
    await queryAll({
      TableName: seriesTable(),
      ConsistentRead: true,
      KeyConditionExpression: 'PK = :pk AND SK < :h',
      ExpressionAttributeValues: { ':pk': seriesKeys.rawPartition(series, month), ':h': 'h' },
    })
  ).map((item) => ({ at: Number(item.t), value: Number(item.v), status: item.s as StatusCode, zone: String(item.z ?? '') }));

/**
 * Packs legacy values into their hour items under what the items hold (a value written into an
 * hour item is newer), as the bulk path writes (`b = 1`: the numbers do not change), then deletes
 * the legacy items. Answers the hour items changed.
 */
export const packLegacyRaw = async (series: SeriesRef, legacy: readonly (RawEntry & { zone: string })[], zoneIfNone: string): Promise<number> => {
  const changes = new Map<string, HourChange>();
  for (const entry of legacy) {
    const key = seriesKeys.raw(series, entry.at);
    const id = `${key.PK}|${key.SK}`;
    const change = changes.get(id) ?? { key, writes: [], removals: [], zone: entry.zone || zoneIfNone, bulk: true, under: true };
    change.writes.push({ at: entry.at, value: entry.value, status: entry.status });
    changes.set(id, change);
  }
  let changed = 0;
  await forEachConcurrently(changes.values(), HOURS_AT_ONCE, async (change) => {
    if (await writeHour(dynamoHours, change, 25)) changed += 1;
  });
  await batchWrite(seriesTable(), legacy.map(({ at }) => ({ DeleteRequest: { Key: seriesKeys.legacyRaw(series, at) } })));
  return changed;
};

/** Forgets a point's month markers and extent markers: the last step of a purge, once its raw values are gone. */
export const deleteSeriesMarkers = async (series: SeriesRef): Promise<void> => {
  const months = await listRawMonths(series);
  for (const month of months) {
    const key = seriesKeys.rawMonth(series, month);
    markedMonths.delete(`${key.PK}|${key.SK}`);
  }
  await batchWrite(seriesTable(), [
    ...months.map((month) => ({ DeleteRequest: { Key: seriesKeys.rawMonth(series, month) } })),
    ...(['hour', 'day', 'month'] as const).map((level) => ({ DeleteRequest: { Key: seriesKeys.extent(series, level) } })),
  ]);
};

/**
 * Deletes raw values by time (`b = 0`: the stream then recomputes the rollups they leave); while
 * legacy items may exist, their items at these times too.
 */
export const deleteRawValues = async (series: SeriesRef, instants: readonly number[]): Promise<void> => {
  const changes = new Map<string, HourChange>();
  for (const at of instants) {
    const key = seriesKeys.raw(series, at);
    const id = `${key.PK}|${key.SK}`;
    const change = changes.get(id) ?? { key, writes: [], removals: [], zone: '', bulk: false };
    change.removals.push(at);
    changes.set(id, change);
  }
  await forEachConcurrently(changes.values(), HOURS_AT_ONCE, async (change) => {
    await writeHour(dynamoHours, change, 25);
  });
  if (instants.length > 0 && (await legacyRawMayExist())) {
    await batchWrite(seriesTable(), instants.map((at) => ({ DeleteRequest: { Key: seriesKeys.legacyRaw(series, at) } })));
  }
};

/**
 * What a read of the hour items of one raw partition (`month`, yyyyMM) over [from, to) found
 * (strongly consistent, or eventually where `listRawEntries` says), remembered as where the next
 * writes start from: the items found with their versions, and every hour between them as absent.
 */
export const rememberConsistentRead = (PK: string, month: string, from: number, to: number, hours: readonly Record<string, unknown>[]): void => {
  const monthStart = Date.UTC(Number(month.slice(0, 4)), Number(month.slice(4)) - 1, 1);
  const monthEnd = Date.UTC(Number(month.slice(0, 4)), Number(month.slice(4)), 1);
  let next = utcHourOf(Math.max(from, monthStart));
  for (const item of hours) {
    const SK = String(item.SK);
    const hour = seriesKeys.rawHourStart(SK);
    rememberAbsent(PK, next, hour - 3_600_000);
    rememberHour(`${PK}|${SK}`, hour, knownOf(item, SK), hourColumnsOf(item));
    next = hour + 3_600_000;
  }
  rememberAbsent(PK, next, utcHourOf(Math.min(to, monthEnd) - 1));
};

/**
 * Hour items by exact key, 100 keys a call (BatchGetItem), eventually consistent: a source fetch's comparison of
 * its points' few values, each point's in one hour, in one call for 100 points where each point's Query was a call
 * of its own (the same units: ½ a small item, found or not). Each item found, and each found absent, is where the
 * next writes start from, as with `listRawEntries`' `remember` (a stale one fails its conditional put, which reads
 * again). The entries of each hour by `PK|SK`; null while legacy items may exist (the caller reads by range).
 */
export const readRawHourItems = async (keys: readonly Key[]): Promise<Map<string, RawEntry[]> | null> => {
  if (await legacyRawMayExist()) return null;
  const TableName = seriesTable();
  const found = new Map<string, Record<string, unknown>>();
  const unique = [...new Map(keys.map((key) => [`${key.PK}|${key.SK}`, { PK: key.PK, SK: key.SK }])).values()];
  await forEachConcurrently(
    Array.from({ length: Math.ceil(unique.length / 100) }, (_, index) => unique.slice(index * 100, (index + 1) * 100)),
    4,
    async (chunk) => {
      let pending: Record<string, unknown>[] = chunk;
      for (let attempt = 0; pending.length > 0; attempt += 1) {
        if (attempt > 8) throw new Error('Raw hour reads kept being throttled');
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 25));
        const answer = await dynamo.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: pending } } }));
        for (const item of answer.Responses?.[TableName] ?? []) found.set(`${item.PK}|${item.SK}`, item);
        pending = (answer.UnprocessedKeys?.[TableName]?.Keys ?? []) as Record<string, unknown>[];
      }
    },
  );
  const entries = new Map<string, RawEntry[]>();
  for (const key of unique) {
    const id = `${key.PK}|${key.SK}`;
    const hour = seriesKeys.rawHourStart(key.SK);
    const item = found.get(id);
    if (item) {
      const known = knownOf(item, key.SK);
      rememberHour(id, hour, known, hourColumnsOf(item));
      entries.set(id, known.entries);
    } else {
      rememberAbsent(key.PK, hour, hour);
      entries.set(id, []);
    }
  }
  return entries;
};

/** Raw values of a point in [from, to), oldest first. */
export const listRawValues = async (series: SeriesRef, from: number, to: number): Promise<RawValue[]> =>
  (await listRawEntries(series, from, to)).map(({ at, value }) => ({ at, value }));

/**
 * Raw values with their status, for exports and data screens; `consistent` for a read whose
 * result is written back (a bulk write's comparison read: a value written just before is seen;
 * the hour items it finds, and those it finds absent, are then where the next writes start from).
 * `remember` makes an eventually consistent read such a start too (a source fetch's reads of hours
 * written minutes before, half the units): every write from it is conditional on the version it
 * gives, so a stale one only makes that write fail and read the item again, strongly consistent.
 */
export const listRawEntries = async (
  series: SeriesRef,
  from: number,
  to: number,
  options: { consistent?: boolean; remember?: boolean } = {},
): Promise<(RawValue & { status: StatusCode })[]> => {
  if (to <= from) return [];
  const legacy = await legacyRawMayExist();
  const months = seriesKeys.monthsBetween(from, to);
  const pages = await Promise.all(
    months.map(async (month) => {
      const PK = seriesKeys.rawPartition(series, month);
      const query = (low: string, high: string) =>
        queryAll({
          TableName: seriesTable(),
          ...(options.consistent ? { ConsistentRead: true } : {}),
          KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': PK, ':from': low, ':to': high },
        });
      const [firstHour, lastHour] = [seriesKeys.rawHourSortKey(from), seriesKeys.rawHourSortKey(to - 1)];
      const [hours, olds] = await Promise.all([query(firstHour, lastHour), legacy ? query(seriesKeys.sortKey(from), seriesKeys.sortKey(to - 1)) : []]);
      if (options.consistent || options.remember) rememberConsistentRead(PK, month, from, to, hours);
      return entriesOfItems([...hours, ...olds], from, to);
    }),
  );
  return pages.flat();
};

/** The last raw value before an instant, looking back up to two months of partitions. */
export const latestRawBefore = async (series: SeriesRef, before: number): Promise<RawValue | null> => {
  const legacy = await legacyRawMayExist();
  for (const month of seriesKeys.monthsBetween(before - 62 * 86_400_000, before).reverse()) {
    const PK = seriesKeys.rawPartition(series, month);
    const last = async (low: string, high: string, limit: number) =>
      (
        await dynamo.send(
          new QueryCommand({
            TableName: seriesTable(),
            KeyConditionExpression: 'PK = :pk AND SK BETWEEN :low AND :high',
            ExpressionAttributeValues: { ':pk': PK, ':low': low, ':high': high },
            ScanIndexForward: false,
            Limit: limit,
          }),
        )
      ).Items ?? [];
    // The hour of `before` may hold only later values: the hour item before it then has one (no item is empty).
    const [hours, olds] = await Promise.all([last('h', seriesKeys.rawHourSortKey(before), 2), legacy ? last('0', seriesKeys.sortKey(before - 1), 1) : []]);
    const entries = entriesOfItems([...hours, ...olds], -Infinity, before);
    const latest = entries[entries.length - 1];
    if (latest) return { at: latest.at, value: latest.value };
  }
  return null;
};
