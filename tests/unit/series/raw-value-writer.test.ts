import { beforeEach, describe, expect, it } from 'vitest';
import { forgetKnownHours, rawValueWriter, type HourTable, type KnownHour, type StoredValue } from '../../../functions/src/data/raw-value-repository';
import { decodeHour } from '../../../functions/src/data/raw-hour';

const valuesOf = (pointId: string, count: number, from = Date.UTC(2026, 0, 1), step = 600_000): StoredValue[] =>
  Array.from({ length: count }, (_, index) => ({ customerId: 'cust-a', pointId, at: from + index * step, value: index, status: '1', zone: 'Europe/Paris' }));

type Key = { PK: string; SK: string };

/**
 * A table of hour items with versions, as DynamoDB's conditional writes keep them: it records
 * every call, and `meddle` may change an item between a writer's read and its put (another writer).
 */
const versionedTable = (options: { meddle?: (id: string, items: Map<string, Record<string, unknown>>) => void; delayMs?: number } = {}) => {
  const items = new Map<string, Record<string, unknown>>();
  const calls: { kind: string; key: Key }[] = [];
  const markers: Key[][] = [];
  const id = (key: Key) => `${key.PK}|${key.SK}`;
  const pause = () => new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 1));
  const table: HourTable = {
    get: async (key): Promise<KnownHour> => {
      calls.push({ kind: 'get', key });
      await pause();
      const item = items.get(id(key));
      return item ? { version: Number(item.n), zone: String(item.z), entries: decodeHour(Number(key.SK.slice(1)), item) } : { version: 0, zone: '', entries: [] };
    },
    put: async (item, version) => {
      const key = { PK: String(item.PK), SK: String(item.SK) };
      calls.push({ kind: 'put', key });
      options.meddle?.(id(key), items);
      await pause();
      const stored = items.get(id(key));
      if ((stored ? Number(stored.n) : 0) !== version) return false;
      items.set(id(key), { ...item });
      return true;
    },
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
  return { table, items, calls, markers, entriesOf };
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

  it('keeps at most inFlight hour writes running at once', async () => {
    const store = versionedTable({ delayMs: 2 });
    const writer = rawValueWriter({ inFlight: 3, table: store.table });
    await Promise.all([writer.write(valuesOf('pt-a', 60)), writer.write(valuesOf('pt-b', 60))]);
    const { msByCallsInFlight, calls } = writer.usage();
    expect(calls).toBe(20);
    expect(msByCallsInFlight).toHaveLength(4);
  });
});
