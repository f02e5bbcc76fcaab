import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetKnownHours,
  INSERT_STATEMENTS,
  insertOutcomeOf,
  insertStatement,
  knownHoursHeld,
  NEW_HOURS_BATCHED_FROM,
  rawValueWriter,
  rememberConsistentRead,
  type HourTable,
  type InsertOutcome,
  type KnownHour,
  type StoredValue,
} from '../../../functions/src/data/raw-value-repository';
import { decodeHour } from '../../../functions/src/data/raw-hour';

const valuesOf = (pointId: string, count: number, from = Date.UTC(2026, 0, 1), step = 600_000): StoredValue[] =>
  Array.from({ length: count }, (_, index) => ({ customerId: 'cust-a', pointId, at: from + index * step, value: index, status: '1', zone: 'Europe/Paris' }));

type Key = { PK: string; SK: string };

/**
 * A table of hour items with versions, as DynamoDB's conditional writes keep them: it records
 * every call (a batch of INSERTs as one call with its keys), and `meddle` may change an item between
 * a writer's read and its put or INSERT (another writer). Each INSERT of a batch lands or fails on
 * its own: `DuplicateItem` on an existing key, and `throttle` may answer a statement
 * `ThrottlingError` (its `send`: 1 the first time the key is inserted).
 */
const versionedTable = (
  options: { meddle?: (id: string, items: Map<string, Record<string, unknown>>) => void; delayMs?: number; throttle?: (id: string, send: number) => boolean } = {},
) => {
  const items = new Map<string, Record<string, unknown>>();
  const calls: { kind: string; key: Key; keys?: Key[] }[] = [];
  const markers: Key[][] = [];
  const id = (key: Key) => `${key.PK}|${key.SK}`;
  const pause = () => new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 1));
  let inFlight = 0;
  let mostInFlight = 0;
  const counted = async <T>(call: () => Promise<T>): Promise<T> => {
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    try {
      return await call();
    } finally {
      inFlight -= 1;
    }
  };
  const versionOf = (key: Key) => {
    const stored = items.get(id(key));
    return stored ? Number(stored.n) : 0;
  };
  const sends = new Map<string, number>();
  const table: HourTable = {
    insertNew: (batch) =>
      counted(async () => {
        const keys = batch.map((item) => ({ PK: String(item.PK), SK: String(item.SK) }));
        if (batch.length > INSERT_STATEMENTS) throw new Error('Member must have length less than or equal to 25');
        calls.push({ kind: 'insert', key: keys[0], keys });
        for (const key of keys) options.meddle?.(id(key), items);
        await pause();
        return batch.map((item, index): InsertOutcome => {
          const key = id(keys[index]);
          const send = (sends.get(key) ?? 0) + 1;
          sends.set(key, send);
          // Through the same code that reads DynamoDB's answer.
          if (options.throttle?.(key, send)) return insertOutcomeOf({ Error: { Code: 'ThrottlingError', Message: 'Throughput exceeds the current capacity' } });
          if (versionOf(keys[index]) !== 0) return insertOutcomeOf({ Error: { Code: 'DuplicateItem', Message: 'Duplicate primary key exists in table' } });
          items.set(key, { ...item });
          return insertOutcomeOf({});
        });
      }),
    get: (key): Promise<KnownHour> => counted(async () => {
      calls.push({ kind: 'get', key });
      await pause();
      const item = items.get(id(key));
      return item ? { version: Number(item.n), zone: String(item.z), entries: decodeHour(Number(key.SK.slice(1)), item) } : { version: 0, zone: '', entries: [] };
    }),
    put: (item, version) => counted(async () => {
      const key = { PK: String(item.PK), SK: String(item.SK) };
      calls.push({ kind: 'put', key });
      options.meddle?.(id(key), items);
      await pause();
      const stored = items.get(id(key));
      if ((stored ? Number(stored.n) : 0) !== version) return false;
      items.set(id(key), { ...item });
      return true;
    }),
    remove: async (key, version) => {
      calls.push({ kind: 'remove', key });
      await pause();
      const stored = items.get(id(key));
      if ((stored ? Number(stored.n) : 0) !== version) return false;
      items.delete(id(key));
      return true;
    },
    putMarkers: async (keys) => {
      markers.push([...keys]);
      await pause();
    },
  };
  const entriesOf = (PK: string) =>
    [...items.entries()].filter(([key]) => key.startsWith(`${PK}|`)).flatMap(([key, item]) => decodeHour(Number(key.split('|')[1].slice(1)), item)).sort((a, b) => a.at - b.at);
  return { table, items, calls, markers, entriesOf, mostInFlight: () => mostInFlight };
};

/** What an import's comparison read leaves: the point's hours of January 2026 known absent (read strongly consistent, none found). */
const readJanuaryEmpty = (pointId: string) => rememberConsistentRead(`S#cust-a#${pointId}#202601`, '202601', Date.UTC(2026, 0, 1), Date.UTC(2026, 1, 1), []);

/** Another writer's hour item holding one value (a single write landed after the comparison read). */
const otherWritersHour = (PK: string, SK: string, at: number, value: number): Record<string, unknown> => {
  const hour = Number(SK.slice(1));
  const o = new Uint8Array(4);
  new DataView(o.buffer).setUint32(0, at - hour, true);
  const v = new Uint8Array(8);
  new DataView(v.buffer).setFloat64(0, value, true);
  return { PK, SK, o, v, s: Uint8Array.of(7), n: 1, z: 'Europe/Paris', b: 0 };
};

beforeEach(() => forgetKnownHours());

describe('raw value writer of the bulk path (hour items)', () => {
  it('writes one item per point and UTC hour: a day of ten-minute values is 24 puts, each hour its 6 values', async () => {
    const store = versionedTable();
    await rawValueWriter({ inFlight: 4, table: store.table }).write(valuesOf('pt-a', 144));
    const puts = store.calls.filter((call) => call.kind === 'put');
    expect(puts).toHaveLength(24);
    expect(new Set(puts.map((call) => call.key.SK)).size).toBe(24);
    expect(store.entriesOf('S#cust-a#pt-a#202601').map((entry) => entry.value)).toEqual(Array.from({ length: 144 }, (_, index) => index));
    for (const item of store.items.values()) expect(item).toMatchObject({ n: 1, b: 1, z: 'Europe/Paris' });
  });

  it('replaces a value written again at the same time, adds new ones, and writes nothing when nothing changes', async () => {
    const store = versionedTable();
    const writer = rawValueWriter({ inFlight: 2, table: store.table });
    await writer.write(valuesOf('pt-r', 3));
    await writer.write([{ ...valuesOf('pt-r', 1)[0], value: 42, status: '8' }, ...valuesOf('pt-r', 4).slice(3)]);
    expect(store.entriesOf('S#cust-a#pt-r#202601')).toEqual([
      { at: Date.UTC(2026, 0, 1), value: 42, status: '8' },
      { at: Date.UTC(2026, 0, 1, 0, 10), value: 1, status: '1' },
      { at: Date.UTC(2026, 0, 1, 0, 20), value: 2, status: '1' },
      { at: Date.UTC(2026, 0, 1, 0, 30), value: 3, status: '1' },
    ]);
    const puts = store.calls.filter((call) => call.kind === 'put').length;
    await writer.write([{ ...valuesOf('pt-r', 1)[0], value: 42, status: '8' }]);
    expect(store.calls.filter((call) => call.kind === 'put').length).toBe(puts);
    expect([...store.items.values()][0].n).toBe(2);
  });

  it('loses no value when another writer changes the hour between the read and the put: it reads again and merges', async () => {
    let meddled = 0;
    const other = { at: Date.UTC(2026, 0, 1, 0, 5), value: 99, status: '1' as const };
    const store = versionedTable({
      meddle: (id, items) => {
        if (meddled > 0) return;
        meddled += 1;
        // Another container put the hour with its own value, version 1, just before this put.
        const hour = Number(id.split('|')[1].slice(1));
        const o = new Uint8Array(4);
        new DataView(o.buffer).setUint32(0, other.at - hour, true);
        const v = new Uint8Array(8);
        new DataView(v.buffer).setFloat64(0, other.value, true);
        items.set(id, { PK: id.split('|')[0], SK: id.split('|')[1], o, v, s: Uint8Array.of(0), n: 1, z: 'UTC', b: 0 });
      },
    });
    await rawValueWriter({ inFlight: 1, table: store.table, backoffMs: 1 }).write(valuesOf('pt-c', 3));
    expect(store.entriesOf('S#cust-a#pt-c#202601')).toEqual([
      { at: Date.UTC(2026, 0, 1), value: 0, status: '1' },
      other,
      { at: Date.UTC(2026, 0, 1, 0, 10), value: 1, status: '1' },
      { at: Date.UTC(2026, 0, 1, 0, 20), value: 2, status: '1' },
    ]);
    expect([...store.items.values()][0].n).toBe(2);
  });

  it('two pools writing the same hour at once keep both pools values', async () => {
    const store = versionedTable({ delayMs: 3 });
    const first = valuesOf('pt-t', 3);
    const second = valuesOf('pt-t', 3, Date.UTC(2026, 0, 1, 0, 5));
    await Promise.all([rawValueWriter({ inFlight: 2, table: store.table, backoffMs: 1 }).write(first), rawValueWriter({ inFlight: 2, table: store.table, backoffMs: 1 }).write(second)]);
    expect(store.entriesOf('S#cust-a#pt-t#202601').map((entry) => entry.at)).toEqual([...first, ...second].map((value) => value.at).sort((a, b) => a - b));
  });

  it('refuses, before writing anything, a batch putting more than 3,600 values in one point-hour', async () => {
    const store = versionedTable();
    const tooMany = valuesOf('pt-s', 3_601, Date.UTC(2026, 0, 1), 999);
    await expect(rawValueWriter({ inFlight: 2, table: store.table }).write(tooMany)).rejects.toMatchObject({ code: 'validation_failed' });
    expect(store.calls).toEqual([]);
    await rawValueWriter({ inFlight: 2, table: store.table }).write(valuesOf('pt-s', 3_600, Date.UTC(2026, 0, 1), 1_000));
    expect(store.entriesOf('S#cust-a#pt-s#202601')).toHaveLength(3_600);
  });

  it('writes a month marker once per pool, before the first value of its month', async () => {
    const store = versionedTable();
    const writer = rawValueWriter({ inFlight: 4, table: store.table });
    await writer.write(valuesOf('pt-m', 10));
    await writer.write(valuesOf('pt-m', 10, Date.UTC(2026, 0, 5)));
    expect(store.markers).toEqual([[{ PK: 'M#cust-a#pt-m', SK: '202601' }]]);
  });

  it('writes no marker another pool of the same instance wrote (each fetch of a source is a pool): a new month gets its own', async () => {
    const first = versionedTable();
    await rawValueWriter({ inFlight: 2, table: first.table }).write(valuesOf('pt-n', 3));
    const next = versionedTable();
    await rawValueWriter({ inFlight: 2, table: next.table }).write([...valuesOf('pt-n', 3, Date.UTC(2026, 0, 2)), ...valuesOf('pt-n', 2, Date.UTC(2026, 1, 1))]);
    expect(first.markers).toEqual([[{ PK: 'M#cust-a#pt-n', SK: '202601' }]]);
    expect(next.markers).toEqual([[{ PK: 'M#cust-a#pt-n', SK: '202602' }]]);
    expect(next.entriesOf('S#cust-a#pt-n#202601')).toHaveLength(3);
  });

  it('keeps at most inFlight table calls running at once (hours not known: a read and a put each)', async () => {
    const store = versionedTable({ delayMs: 2 });
    const writer = rawValueWriter({ inFlight: 3, table: store.table });
    await Promise.all([writer.write(valuesOf('pt-a', 60)), writer.write(valuesOf('pt-b', 60))]);
    const { msByCallsInFlight, calls } = writer.usage();
    expect(calls).toBe(40);
    expect(store.calls).toHaveLength(40);
    expect(store.mostInFlight()).toBe(3);
    expect(msByCallsInFlight).toHaveLength(4);
  });
});

describe('raw value writer: new hours put together in batches of INSERTs', () => {
  it('puts a day of hours a consistent read found absent in one batch of INSERTs, reading nothing', async () => {
    const store = versionedTable();
    readJanuaryEmpty('pt-x');
    const writer = rawValueWriter({ inFlight: 4, table: store.table });
    await writer.write(valuesOf('pt-x', 144));
    expect(store.calls.map((call) => [call.kind, call.keys?.length])).toEqual([['insert', 24]]);
    expect(store.entriesOf('S#cust-a#pt-x#202601').map((entry) => entry.value)).toEqual(Array.from({ length: 144 }, (_, index) => index));
    for (const item of store.items.values()) expect(item).toMatchObject({ n: 1, b: 1, z: 'Europe/Paris' });
    expect(writer.usage()).toMatchObject({ calls: 1, insertBatches: 1, hoursInserted: 24, hoursContested: 0, insertsRetried: 0 });
  });

  it('loses and doubles nothing when a single write landed in one of those hours after the read: that hour is read again and merged, the others of its batch are written', async () => {
    const PK = 'S#cust-a#pt-y#202601';
    const contested = `h${String(Date.UTC(2026, 0, 1, 5)).padStart(13, '0')}`;
    const single = { at: Date.UTC(2026, 0, 1, 5, 3), value: 77 };
    let meddled = false;
    const store = versionedTable({
      meddle: (id, items) => {
        if (meddled || id !== `${PK}|${contested}`) return;
        meddled = true;
        items.set(id, otherWritersHour(PK, contested, single.at, single.value));
      },
    });
    readJanuaryEmpty('pt-y');
    const writer = rawValueWriter({ inFlight: 4, table: store.table, backoffMs: 1 });
    // The single write also falls at a time the import writes: the import's later value wins there, once.
    const values = valuesOf('pt-y', 144);
    await writer.write(values);
    const kinds = store.calls.map((call) => [call.kind, call.keys?.length ?? call.key.SK]);
    expect(kinds).toEqual([
      ['insert', 24],
      ['get', contested],
      ['put', contested],
    ]);
    const stored = store.entriesOf(PK);
    expect(stored).toHaveLength(145);
    expect(new Set(stored.map((entry) => entry.at)).size).toBe(145);
    expect(stored.find((entry) => entry.at === single.at)).toEqual({ at: single.at, value: 77, status: '8' });
    expect(stored.filter((entry) => entry.at !== single.at).map((entry) => entry.value)).toEqual(values.map((value) => value.value));
    expect(store.items.get(`${PK}|${contested}`)).toMatchObject({ n: 2, b: 1 });
    expect(writer.usage()).toMatchObject({ insertBatches: 1, hoursInserted: 23, hoursContested: 1 });
  });

  it('sends a throttled INSERT again in a later batch after a backoff, reading nothing: every hour once', async () => {
    const throttled = new Set<string>();
    const store = versionedTable({
      // Every third hour throttled the first time it is sent, one of them twice.
      throttle: (id, send) => {
        const hour = Number(id.split('|')[1].slice(1));
        const index = (hour - Date.UTC(2026, 0, 1)) / 3_600_000;
        const refused = (index % 3 === 0 && send === 1) || (index === 3 && send === 2);
        if (refused) throttled.add(id);
        return refused;
      },
    });
    readJanuaryEmpty('pt-q');
    const writer = rawValueWriter({ inFlight: 4, table: store.table, backoffMs: 1 });
    await writer.write(valuesOf('pt-q', 144));
    expect(throttled.size).toBe(8);
    expect(store.calls.every((call) => call.kind === 'insert')).toBe(true);
    expect(store.calls[0].keys).toHaveLength(24);
    expect(store.calls.slice(1).flatMap((call) => call.keys!).map((key) => `${key.PK}|${key.SK}`).sort()).toEqual([...throttled, [...throttled].find((id) => id.endsWith(String(Date.UTC(2026, 0, 1, 3))))].sort());
    expect(store.entriesOf('S#cust-a#pt-q#202601').map((entry) => entry.value)).toEqual(Array.from({ length: 144 }, (_, index) => index));
    expect(writer.usage()).toMatchObject({ hoursInserted: 24, hoursContested: 0, insertsRetried: 9 });
  });

  it('fills batches of at most 25 INSERTs across the point-months written at once', async () => {
    const store = versionedTable({ delayMs: 3 });
    const points = ['pt-p1', 'pt-p2', 'pt-p3'];
    for (const point of points) readJanuaryEmpty(point);
    const writer = rawValueWriter({ inFlight: 1, table: store.table });
    // 3 points × 90 hours of one value: 270 new hours.
    await Promise.all(points.map((point) => writer.write(valuesOf(point, 90, Date.UTC(2026, 0, 1), 3_600_000))));
    const batches = store.calls.map((call) => (call.kind === 'insert' ? call.keys! : call.kind));
    // How the three writes' hours meet in the queue depends on the timers' turns, but only batches,
    // none over 25, all 270 hours, and at least one batch holding two points' hours (90 hours a
    // point are not a whole number of batches: a point alone would make 4 batches, 12 in all).
    expect(batches.every((keys) => Array.isArray(keys) && keys.length <= INSERT_STATEMENTS)).toBe(true);
    expect((batches as { PK: string }[][]).reduce((sum, keys) => sum + keys.length, 0)).toBe(270);
    expect((batches as { PK: string }[][]).some((keys) => new Set(keys.map((key) => key.PK)).size > 1)).toBe(true);
    expect(batches.length).toBeLessThanOrEqual(11);
    for (const point of points) expect(store.entriesOf(`S#cust-a#${point}#202601`)).toHaveLength(90);
  });

  it('keeps the hours still absent known absent when it forgets the 20,000 hours it wrote, and reads again, never takes as absent, an hour it wrote', async () => {
    const store = versionedTable({ delayMs: 0 });
    const points = Array.from({ length: 30 }, (_, index) => `pt-k${index}`);
    for (const point of points) readJanuaryEmpty(point);
    const writer = rawValueWriter({ inFlight: 8, table: store.table });
    // 30 points × the 744 hours of January, one value an hour: 22,320 new hours, more than the 20,000 remembered.
    for (const point of points) await writer.write(valuesOf(point, 744, Date.UTC(2026, 0, 1), 3_600_000));
    expect(store.calls.filter((call) => call.kind !== 'insert')).toEqual([]);
    expect(writer.usage().hoursInserted).toBe(30 * 744);
    // The first point's first hours were forgotten (written first): written again, they are read, not put as new.
    const calls = store.calls.length;
    await writer.write(valuesOf(points[0], 10, Date.UTC(2026, 0, 1), 3_600_000).map((value) => ({ ...value, value: value.value + 0.5 })));
    expect(store.calls.slice(calls).filter((call) => call.kind === 'insert')).toEqual([]);
    expect(store.calls.slice(calls).filter((call) => call.kind === 'get')).toHaveLength(10);
    expect(store.entriesOf(`S#cust-a#${points[0]}#202601`).slice(0, 10).map((entry) => entry.value)).toEqual(Array.from({ length: 10 }, (_, index) => index + 0.5));
    expect(knownHoursHeld().absentSpans).toBe(0);
  });

  it('puts the hours of a small write (a fetch) alone, by a conditional put, not in a batch', async () => {
    const store = versionedTable();
    readJanuaryEmpty('pt-f');
    await rawValueWriter({ inFlight: 4, table: store.table }).write(valuesOf('pt-f', NEW_HOURS_BATCHED_FROM - 1, Date.UTC(2026, 0, 1), 3_600_000));
    expect(store.calls.map((call) => call.kind)).toEqual(Array.from({ length: NEW_HOURS_BATCHED_FROM - 1 }, () => 'put'));
  });

  it("reads each INSERT's outcome from its answer: landed, existing, to send again, or failed for good", () => {
    expect(insertOutcomeOf({})).toEqual({ result: 'landed' });
    expect(insertOutcomeOf({ Error: { Code: 'DuplicateItem', Message: 'Duplicate primary key exists in table' } })).toEqual({ result: 'exists' });
    expect(insertOutcomeOf({ Error: { Code: 'ConditionalCheckFailed' } })).toEqual({ result: 'exists' });
    for (const Code of ['ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded', 'InternalServerError', 'TransactionConflict']) expect(insertOutcomeOf({ Error: { Code } })).toEqual({ result: 'again' });
    // A statement the answer does not cover is sent again, never taken as written.
    expect(insertOutcomeOf(undefined)).toEqual({ result: 'again' });
    for (const Code of ['ValidationError', 'AccessDenied', 'ResourceNotFound', 'ItemCollectionSizeLimitExceeded', undefined]) {
      expect(insertOutcomeOf({ Error: { Code, Message: 'no' } })).toMatchObject({ result: 'failed', error: expect.any(Error) });
    }
  });

  it('fails the write of an hour whose INSERT failed for good, and writes the others of its batch', async () => {
    const store = versionedTable();
    const refused = `S#cust-a#pt-v#202601|h${String(Date.UTC(2026, 0, 1, 2)).padStart(13, '0')}`;
    const insertNew = store.table.insertNew;
    store.table.insertNew = async (batch) => {
      const outcomes = await insertNew(batch.filter((item) => `${item.PK}|${item.SK}` !== refused));
      return batch.map((item) => (`${item.PK}|${item.SK}` === refused ? insertOutcomeOf({ Error: { Code: 'ValidationError', Message: 'Item size has exceeded the maximum allowed size' } }) : outcomes.shift()!));
    };
    readJanuaryEmpty('pt-v');
    await expect(rawValueWriter({ inFlight: 2, table: store.table }).write(valuesOf('pt-v', 144))).rejects.toThrow(/ValidationError/);
    expect(store.items.size).toBe(23);
    expect(store.items.has(refused)).toBe(false);
  });

  it("writes an INSERT of every attribute of the item as a parameter, in the item's order, names quoted", () => {
    const o = Uint8Array.of(1, 2, 3);
    expect(insertStatement('wattwise-Series', { PK: 'S#c#p#202601', SK: 'h1', o, n: 1, z: 'Europe/Paris', b: 1, gone: undefined, "it's": 'x' })).toEqual({
      Statement: `INSERT INTO "wattwise-Series" VALUE {'PK': ?, 'SK': ?, 'o': ?, 'n': ?, 'z': ?, 'b': ?, 'it''s': ?}`,
      Parameters: ['S#c#p#202601', 'h1', o, 1, 'Europe/Paris', 1, 'x'],
    });
  });
});
