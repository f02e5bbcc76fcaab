import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { STATUS_CODES } from '@shared/schemas/series';
import type { RawValue } from '@shared/series/aggregate';
import { dynamo } from '../clients/dynamodb';
import { seriesKeys, type SeriesRef } from './series-keys';
import { batchWrite, queryEvery, seriesTable } from './table';

/** Raw values of the series table: one item per value, a partition per point and UTC month, and the months each point has. */

export type StatusCode = (typeof STATUS_CODES)[number];

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

/**
 * Writes raw values; writing the same (point, time) again replaces the value. `b` says who rolls
 * them up: 1 for the bulk path, which writes their rollups with them; 0 for single writes, which
 * the table stream rolls up (its event filter lets only those and deletions through).
 */
export const putRawValues = async (values: readonly StoredValue[], options: { bulk?: boolean } = {}): Promise<void> => {
  await noteRawMonths(values);
  await batchWrite(seriesTable(), 
    values.map((value) => ({ PutRequest: { Item: rawItem(value, options.bulk === true) } })),
  );
};

const rawItem = (value: StoredValue, bulk: boolean, PK = seriesKeys.raw(value, value.at).PK) => ({
  PK,
  SK: seriesKeys.sortKey(value.at),
  t: value.at,
  v: value.value,
  s: value.status,
  z: value.zone,
  c: value.customerId,
  b: bulk ? 1 : 0,
});

/** Writes of the bulk path, pooled across point-months (see `rawValueWriter`). */
export interface RawValueWriter {
  /** Writes the values (bulk: their rollups are the caller's); resolves once every one of them landed. */
  write: (values: readonly StoredValue[]) => Promise<void>;
  /** Where the pool's time went so far (diagnostics: an import logs it). */
  usage: () => WriterUsage;
}

/** How busy a writer pool was since it was made. */
export interface WriterUsage {
  /** Milliseconds with 0, 1, … calls in flight (index: calls in flight). */
  msByCallsInFlight: number[];
  calls: number;
  /** Sum of the calls' durations, in milliseconds. */
  callMs: number;
}

const BATCH_WRITE = 25;
const WRITE_ATTEMPTS = 9;

type PutRequest = { PutRequest: { Item: Record<string, unknown> } };

/** One BatchWriteItem call into the series table: the requests it left unprocessed. */
export type BatchWriteCall = (requests: PutRequest[]) => Promise<PutRequest[]>;

const batchWriteCall: BatchWriteCall = async (requests) => {
  const TableName = seriesTable();
  const answer = await dynamo.send(new BatchWriteCommand({ RequestItems: { [TableName]: requests } }));
  return (answer.UnprocessedItems?.[TableName] ?? []) as PutRequest[];
};

/**
 * One pool of raw value writes for a whole bulk job (an import): the values of every point-month
 * written through it go out in full 25-item BatchWriteItem calls whatever point they belong to,
 * `inFlight` calls at once; a partial batch goes only when no call is running (nothing else would
 * fill it). Items DynamoDB leaves unprocessed go back to the front of the queue after a backoff
 * (25 ms doubling, with jitter), up to 9 attempts each. Month markers are written before the
 * first value of their month, once per pool.
 */
export const rawValueWriter = (options: { inFlight: number; call?: BatchWriteCall; backoffMs?: number }): RawValueWriter => {
  const call = options.call ?? batchWriteCall;
  const backoffMs = options.backoffMs ?? 25;
  interface Ticket {
    left: number;
    resolve: () => void;
    reject: (error: unknown) => void;
    failed: boolean;
  }
  interface Pending {
    request: PutRequest;
    ticket: Ticket;
    attempt: number;
  }
  // First in, first out, taken from `head` on (a splice at the front of tens of thousands of
  // waiting items cost more than the call itself); items sent again go to `front`, before them.
  let queue: Pending[] = [];
  let head = 0;
  let front: Pending[] = [];
  const waiting = () => front.length + queue.length - head;
  const take = (count: number): Pending[] => {
    const batch = front.splice(0, count);
    const more = Math.min(count - batch.length, queue.length - head);
    for (let index = 0; index < more; index += 1) batch.push(queue[head + index]);
    head += more;
    if (head > 4096 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
    return batch;
  };
  const noted = new Map<string, Promise<void>>();
  let running = 0;
  // Diagnostics: time spent with each count of calls in flight (backoff waits not counted as calls).
  const usage: WriterUsage = { msByCallsInFlight: Array.from({ length: options.inFlight + 1 }, () => 0), calls: 0, callMs: 0 };
  let sending = 0;
  let sinceChange = performance.now();
  const sendingChanges = (by: number) => {
    const now = performance.now();
    usage.msByCallsInFlight[Math.min(sending, options.inFlight)] += now - sinceChange;
    sinceChange = now;
    sending += by;
  };
  const settle = (pending: Pending, error?: unknown) => {
    const { ticket } = pending;
    if (ticket.failed) return;
    if (error !== undefined) {
      ticket.failed = true;
      ticket.reject(error);
      return;
    }
    ticket.left -= 1;
    if (ticket.left === 0) ticket.resolve();
  };
  const send = async (batch: Pending[]): Promise<void> => {
    try {
      const started = performance.now();
      sendingChanges(1);
      const left = await call(batch.map((pending) => pending.request)).finally(() => {
        sendingChanges(-1);
        usage.calls += 1;
        usage.callMs += performance.now() - started;
      });
      const unprocessed = new Set(left.map((request) => `${request.PutRequest.Item.PK}|${request.PutRequest.Item.SK}`));
      const retried: Pending[] = [];
      for (const pending of batch) {
        if (!unprocessed.has(`${pending.request.PutRequest.Item.PK}|${pending.request.PutRequest.Item.SK}`)) settle(pending);
        else if (pending.attempt + 1 >= WRITE_ATTEMPTS) settle(pending, new Error('Batch writes of raw values kept being throttled'));
        else retried.push({ ...pending, attempt: pending.attempt + 1 });
      }
      if (retried.length > 0) {
        const backoff = 2 ** Math.max(...retried.map((pending) => pending.attempt)) * backoffMs;
        running += 1;
        setTimeout(() => {
          running -= 1;
          front = [...retried, ...front];
          pump();
        }, backoff / 2 + (Math.random() * backoff) / 2);
      }
    } catch (error) {
      for (const pending of batch) settle(pending, error);
    }
  };
  const pump = (): void => {
    while (running < options.inFlight && waiting() > 0 && (waiting() >= BATCH_WRITE || running === 0)) {
      const batch = take(BATCH_WRITE);
      running += 1;
      void send(batch).finally(() => {
        running -= 1;
        pump();
      });
    }
  };
  /**
   * The raw partition of a value and its month marker, from the last value's when it lies in the
   * same point and UTC month (values come a point-month at a time): no date formatting per value.
   */
  let last = { customerId: '', pointId: '', from: 0, to: 0, PK: '', marker: { PK: '', SK: '' } };
  const partitionOf = (value: StoredValue) => {
    if (value.pointId !== last.pointId || value.customerId !== last.customerId || value.at < last.from || value.at >= last.to) {
      const day = new Date(value.at);
      const month = seriesKeys.utcMonth(value.at);
      last = {
        customerId: value.customerId,
        pointId: value.pointId,
        from: Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1),
        to: Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1),
        PK: seriesKeys.rawPartition(value, month),
        marker: seriesKeys.rawMonth(value, month),
      };
    }
    return last;
  };
  const noteMonths = async (values: readonly StoredValue[]): Promise<void> => {
    const waits: Promise<void>[] = [];
    let previous: { PK: string; SK: string } | undefined;
    for (const value of values) {
      const key = partitionOf(value).marker;
      if (key === previous) continue;
      previous = key;
      const id = `${key.PK}|${key.SK}`;
      if (markedMonths.has(id)) continue;
      let note = noted.get(id);
      if (!note) {
        note = (async () => {
          let pending: PutRequest[] = [{ PutRequest: { Item: key } }];
          for (let attempt = 0; pending.length > 0; attempt += 1) {
            if (attempt >= WRITE_ATTEMPTS) throw new Error('Batch writes of raw values kept being throttled');
            if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * backoffMs));
            pending = await call(pending);
          }
          rememberMarked(id);
        })();
        note.catch(() => noted.delete(id));
        noted.set(id, note);
      }
      if (!waits.includes(note)) waits.push(note);
    }
    await Promise.all(waits);
  };
  return {
    write: async (values) => {
      if (values.length === 0) return;
      await noteMonths(values);
      await new Promise<void>((resolve, reject) => {
        const ticket: Ticket = { left: values.length, resolve, reject, failed: false };
        for (const value of values) queue.push({ request: { PutRequest: { Item: rawItem(value, true, partitionOf(value).PK) } }, ticket, attempt: 0 });
        pump();
      });
    },
    usage: () => {
      sendingChanges(0);
      return { ...usage, msByCallsInFlight: [...usage.msByCallsInFlight] };
    },
  };
};

/** Marks the months the values fall in before they are written, so no raw partition is ever unlisted. */
const noteRawMonths = async (values: readonly StoredValue[]): Promise<void> => {
  const months = new Map<string, { PK: string; SK: string }>();
  for (const value of values) {
    const key = seriesKeys.rawMonth(value, seriesKeys.utcMonth(value.at));
    const id = `${key.PK}|${key.SK}`;
    if (!markedMonths.has(id)) months.set(id, key);
  }
  if (months.size === 0) return;
  await batchWrite(seriesTable(), [...months.values()].map((key) => ({ PutRequest: { Item: key } })));
  for (const id of months.keys()) rememberMarked(id);
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

/** Every raw value of one month partition, with its status. */
export const listRawEntriesOfMonth = async (series: SeriesRef, month: string): Promise<(RawValue & { status: StatusCode })[]> =>
  (
    await queryAll({
      TableName: seriesTable(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': seriesKeys.rawPartition(series, month) },
    })
  ).map((item) => ({ at: Number(item.t), value: Number(item.v), status: item.s as StatusCode }));

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

/** Deletes raw values by time; the stream then recomputes the rollups they leave. */
export const deleteRawValues = (series: SeriesRef, instants: readonly number[]): Promise<void> =>
  batchWrite(seriesTable(), instants.map((at) => ({ DeleteRequest: { Key: seriesKeys.raw(series, at) } })));

/** Raw values of a point in [from, to), oldest first. */
export const listRawValues = async (series: SeriesRef, from: number, to: number): Promise<RawValue[]> =>
  (await listRawEntries(series, from, to)).map(({ at, value }) => ({ at, value }));

/**
 * Raw values with their status, for exports and data screens; `consistent` for a read whose
 * result is written back (a bulk write's comparison read: a value written just before is seen).
 */
export const listRawEntries = async (
  series: SeriesRef,
  from: number,
  to: number,
  options: { consistent?: boolean } = {},
): Promise<(RawValue & { status: StatusCode })[]> => {
  const months = seriesKeys.monthsBetween(from, to);
  const pages = await Promise.all(
    months.map((month) =>
      queryAll({
        TableName: seriesTable(),
        ...(options.consistent ? { ConsistentRead: true } : {}),
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': seriesKeys.rawPartition(series, month),
          ':from': seriesKeys.sortKey(from),
          ':to': seriesKeys.sortKey(to - 1),
        },
      }),
    ),
  );
  return pages.flat().map((item) => ({ at: Number(item.t), value: Number(item.v), status: item.s as StatusCode }));
};

/** The last raw value before an instant, looking back up to two months of partitions. */
export const latestRawBefore = async (series: SeriesRef, before: number): Promise<RawValue | null> => {
  for (const month of seriesKeys.monthsBetween(before - 62 * 86_400_000, before).reverse()) {
    const answer = await dynamo.send(
      new QueryCommand({
        TableName: seriesTable(),
        KeyConditionExpression: 'PK = :pk AND SK < :before',
        ExpressionAttributeValues: { ':pk': seriesKeys.rawPartition(series, month), ':before': seriesKeys.sortKey(before) },
        ScanIndexForward: false,
        Limit: 1,
      }),
    );
    const item = answer.Items?.[0];
    if (item) return { at: Number(item.t), value: Number(item.v) };
  }
  return null;
};
