import { describe, expect, it } from 'vitest';
import { rawValueWriter, type BatchWriteCall, type StoredValue } from '../../../functions/src/data/raw-value-repository';

const valuesOf = (pointId: string, count: number, from = Date.UTC(2026, 0, 1)): StoredValue[] =>
  Array.from({ length: count }, (_, index) => ({ customerId: 'cust-a', pointId, at: from + index * 900_000, value: index, status: '1', zone: 'Europe/Paris' }));

/** A table that records every call and leaves unprocessed the items `refuse` picks, once each. */
const recordingTable = (refuse: (item: Record<string, unknown>) => boolean = () => false) => {
  const calls: Record<string, unknown>[][] = [];
  const refused = new Set<string>();
  const call: BatchWriteCall = async (requests) => {
    calls.push(requests.map((request) => request.PutRequest.Item));
    await new Promise((resolve) => setTimeout(resolve, 2));
    return requests.filter(({ PutRequest: { Item } }) => {
      const key = `${Item.PK}|${Item.SK}`;
      if (refused.has(key) || !refuse(Item)) return false;
      refused.add(key);
      return true;
    });
  };
  const valueCalls = () => calls.filter((items) => items.some((item) => String(item.PK).startsWith('S#')));
  return { call, calls, valueCalls };
};

describe('raw value writer of the bulk path', () => {
  it('fills 25-item batches across point-months and sends a partial batch only when nothing else is in flight', async () => {
    const table = recordingTable();
    const writer = rawValueWriter({ inFlight: 2, call: table.call });
    await Promise.all([writer.write(valuesOf('pt-a', 30)), writer.write(valuesOf('pt-b', 30)), writer.write(valuesOf('pt-c', 15))]);
    const sizes = table.valueCalls().map((items) => items.length);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(75);
    expect(sizes).toEqual([25, 25, 25]);
    expect(new Set(table.valueCalls()[1].map((item) => String(item.PK).split('#')[2]))).toEqual(new Set(['pt-a', 'pt-b']));
  });

  const markerCalls = (table: ReturnType<typeof recordingTable>) => table.calls.filter((items) => items.some((item) => String(item.PK).startsWith('M#')));

  it('writes a month marker once per pool, before the first value of its month', async () => {
    const table = recordingTable();
    const writer = rawValueWriter({ inFlight: 4, call: table.call });
    await writer.write(valuesOf('pt-m', 10));
    await writer.write(valuesOf('pt-m', 10, Date.UTC(2026, 0, 5)));
    const markers = markerCalls(table);
    expect(markers).toEqual([[{ PK: 'M#cust-a#pt-m', SK: '202601' }]]);
    expect(table.calls.indexOf(markers[0])).toBe(0);
  });

  it('writes no marker another pool of the same instance wrote (each fetch of a source is a pool): a new month gets its own', async () => {
    const first = recordingTable();
    await rawValueWriter({ inFlight: 2, call: first.call }).write(valuesOf('pt-n', 3));
    const next = recordingTable();
    await rawValueWriter({ inFlight: 2, call: next.call }).write([...valuesOf('pt-n', 3, Date.UTC(2026, 0, 2)), ...valuesOf('pt-n', 2, Date.UTC(2026, 1, 1))]);
    expect(markerCalls(first)).toEqual([[{ PK: 'M#cust-a#pt-n', SK: '202601' }]]);
    expect(markerCalls(next)).toEqual([[{ PK: 'M#cust-a#pt-n', SK: '202602' }]]);
    expect(next.valueCalls().flat()).toHaveLength(5);
  });

  it('retries the items left unprocessed until every one has landed, and resolves only then', async () => {
    const table = recordingTable((item) => Number(item.v) % 3 === 0);
    const writer = rawValueWriter({ inFlight: 3, call: table.call, backoffMs: 1 });
    await writer.write(valuesOf('pt-a', 60));
    const written = table.valueCalls().flat().map((item) => Number(item.v));
    expect(written.length).toBe(60 + 20);
    expect(new Set(written).size).toBe(60);
    expect(table.valueCalls().every((items) => items.length <= 25)).toBe(true);
  });

  it('rejects the write whose items keep being refused, and others still land', async () => {
    const stubborn: BatchWriteCall = async (requests) => requests.filter(({ PutRequest: { Item } }) => Item.c === 'cust-b');
    const writer = rawValueWriter({ inFlight: 2, call: stubborn, backoffMs: 1 });
    const refused = valuesOf('pt-b', 5).map((value) => ({ ...value, customerId: 'cust-b' }));
    const [landed, failed] = await Promise.allSettled([writer.write(valuesOf('pt-a', 5)), writer.write(refused)]);
    expect(landed.status).toBe('fulfilled');
    expect(failed).toMatchObject({ status: 'rejected', reason: new Error('Batch writes of raw values kept being throttled') });
  });
});
