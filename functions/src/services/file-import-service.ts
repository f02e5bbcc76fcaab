import { performance } from 'node:perf_hooks';
import { forEachConcurrently } from '../concurrency';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { DEFAULT_TIMEZONE } from '@shared/constants';
import type { ImportOutcome } from '@shared/schemas/meter-file';
import type { Point } from '@shared/schemas/point';
import { bucketStart, nextBucketStart } from '@shared/series/buckets';
import type { FilesChanged } from '@shared/realtime/events';
import { getCustomer } from '../data/customer-repository';
import { listLocationsOfCustomer } from '../data/location-repository';
import { getMeterFile, putRejects, readMeterFileBytes, readRejects, updateOfAttempt, type StoredMeterFile } from '../data/meter-file-repository';
import { listPointsOfCustomer } from '../data/point-repository';
import { callsMadeSoFar } from '../data/table';
import type { StatusCode, StoredValue } from '../data/raw-value-repository';
import { describeError, logger, metric } from '../logger';
import { launchDependentCalculations } from './calculation-service';
import { continueImport, type FileImportJob } from './file-intake';
import { drainFairly, isDrainRequest, type DrainRequest } from './fair-work-service';
import { readMeterFile, type ReadRow } from './meter-file-reader';
import { bulkWriteSession, HELD_BUCKETS_WRITTEN_PAST, heldBuckets, timed } from './bulk-write-session';
import { announceNewData, pushToCustomer } from './realtime-service';
import { zoneOfPoint } from './series-service';
import { BULK_WRITES_IN_FLIGHT, noteLastDataDates, storeValuesInBulk, writeHeldRollups } from './series-write-service';

/**
 * Rows held before the largest point-months are written: about 17 bytes a row (a time, a value, a
 * status), so memory stays flat; writing them all takes well under the hand-over margin.
 */
const BUFFERED_ROWS = 200_000;

/**
 * Point-months in their comparison read and rollups at once; their values go out through one
 * pool of full batches for the whole import (BULK_WRITES_IN_FLIGHT calls at once).
 */
const FLUSHES_AT_ONCE = 8;
/** How often the file's progress (and heartbeat) is written and pushed. */
const PROGRESS_EVERY_MS = 2_000;
/**
 * Rows read between two turns of the event loop: the parser hands over a whole chunk of rows
 * without ever letting the answers of the writes in flight through, and the pool is only refilled
 * once they are (10–20 ms a chunk: long enough for the table to run out of work).
 */
const ROWS_BETWEEN_TURNS = 256;
/** Unknown technical ids kept for the outcome. */
const UNKNOWN_IDS_KEPT = 100;

const STATUS_INDEX: readonly StatusCode[] = ['1', '2', '3', '4', '5', '6', '7', '8', 'H'];

/** The values of one point and local month, in compact typed arrays (growing by doubling). */
class MonthBuffer {
  length = 0;
  private at = new Float64Array(64);
  private value = new Float64Array(64);
  private status = new Uint8Array(64);

  constructor(readonly point: Point, readonly zone: string) {}

  push(at: number, value: number, status: StatusCode): void {
    if (this.length === this.at.length) {
      const grow = <T extends Float64Array | Uint8Array>(array: T, make: (size: number) => T): T => {
        const next = make(array.length * 2);
        next.set(array);
        return next;
      };
      this.at = grow(this.at, (size) => new Float64Array(size));
      this.value = grow(this.value, (size) => new Float64Array(size));
      this.status = grow(this.status, (size) => new Uint8Array(size));
    }
    this.at[this.length] = at;
    this.value[this.length] = value;
    this.status[this.length] = STATUS_INDEX.indexOf(status);
    this.length += 1;
  }

  values(customerId: string): StoredValue[] {
    return Array.from({ length: this.length }, (_, index) => ({
      customerId,
      pointId: this.point._id,
      at: this.at[index],
      value: this.value[index],
      status: STATUS_INDEX[this.status[index]],
      zone: this.zone,
    }));
  }
}

/** Counts bytes going through, for the progress of an import. */
const byteCounter = (onBytes: (total: number) => void): Transform => {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      onBytes(total);
      done(null, chunk);
    },
  });
};

export interface ImportTally extends ImportOutcome {
  /** Per point that got new or changed values, the first and last instants written. */
  touched: Map<string, { from: number; to: number }>;
  /** Reading stopped at `stopAt` before the end of the file: rows_read rows are imported. */
  stopped?: boolean;
  /** Diagnostics of this invocation: where its time went, in milliseconds (logged, not kept). */
  timings?: Record<string, number>;
}

/** A tally as stored on the file between two invocations of one import. */
export interface StoredTally extends ImportOutcome {
  touched: Record<string, { from: number; to: number }>;
}

export const storedTally = (tally: ImportTally): StoredTally => ({ ...outcomeOf(tally), touched: Object.fromEntries(tally.touched) });
const tallyOf = (stored: StoredTally): ImportTally => ({ ...stored, touched: new Map(Object.entries(stored.touched)) });

export interface RowsImport {
  customerId: string;
  points: readonly Point[];
  zoneOf: (point: Point) => string;
  /** Told every few seconds (and at the end) how far the import got. */
  onProgress?: (rows: number) => Promise<void>;
  /** Where rejected rows are written, `line;reason` lines. */
  rejects: { write: (line: string) => void };
  /** Rows held before the largest point-months are written (BUFFERED_ROWS). */
  bufferedRows?: number;
  /** Rows an earlier invocation already imported (a continuation): read past, not imported again. */
  skipRows?: number;
  /** What the earlier invocations counted. */
  initial?: ImportTally;
  /** When reached, reading stops after the current row and everything held is written (`stopped` says so). */
  stopAt?: number;
}

/**
 * Imports read rows into the series: known technical ids only, values grouped per point and
 * local month in compact buffers, the largest written through the bulk path whenever the buffer
 * is full and all at the end. Only new or changed values are written: importing the same rows
 * again writes nothing, and a file that failed half-way imported again ends with exactly its data.
 */
export const importRows = async (rows: AsyncIterable<ReadRow>, options: RowsImport): Promise<ImportTally> => {
  const byTechnicalId = new Map(options.points.filter((point) => point.technical_id).map((point) => [point.technical_id, point]));
  const pointsById = new Map(options.points.map((point) => [point._id, point]));
  const tally: ImportTally = options.initial
    ? { ...options.initial, unknown_ids: [...options.initial.unknown_ids], touched: new Map(options.initial.touched) }
    : { rows_read: 0, written: 0, unchanged: 0, rejected: 0, unknown_ids: [], unknown_rows: 0, has_rejects: false, touched: new Map() };
  const unknown = new Set<string>(tally.unknown_ids);
  let skip = options.skipRows ?? 0;
  const buffers = new Map<string, MonthBuffer>();
  /** Per point, the local month of its last row: [start, end) and its buffer's key. */
  const monthOfPoint = new Map<string, { zone: string; start: number; end: number; key: string }>();
  let buffered = 0;
  const bufferLimit = options.bufferedRows ?? BUFFERED_ROWS;
  let lastProgress = Date.now();
  /** Progress and heartbeat every few seconds, while reading and while writing what is held. */
  const beat = async (): Promise<void> => {
    if (!options.onProgress || Date.now() - lastProgress < PROGRESS_EVERY_MS) return;
    lastProgress = Date.now();
    await options.onProgress(tally.rows_read);
  };

  const session = bulkWriteSession({ inFlight: BULK_WRITES_IN_FLIGHT });
  const startedAt = performance.now();
  const loopBefore = performance.eventLoopUtilization();
  let firstRowAt: number | undefined;
  let readEndAt: number | undefined;
  /** The latest time read per point: its last data date, noted once at the end. */
  const latestOfPoint = new Map<string, number>();
  /** While reading goes on, a point-month written may get more rows: its comparison read goes to its end (one read for all). */
  let reading = true;
  const flush = async (buffer: MonthBuffer): Promise<void> => {
    const values = buffer.values(options.customerId);
    const outcome = await storeValuesInBulk(options.customerId, values, pointsById, { announce: false, noteDates: false, session, laterRowsMayFollow: reading });
    for (const value of values) latestOfPoint.set(value.pointId, Math.max(latestOfPoint.get(value.pointId) ?? 0, value.at));
    tally.written += outcome.written;
    tally.unchanged += outcome.unchanged;
    if (outcome.written > 0) {
      const span = tally.touched.get(buffer.point._id) ?? { from: Infinity, to: -Infinity };
      for (const value of values) {
        span.from = Math.min(span.from, value.at);
        span.to = Math.max(span.to, value.at);
      }
      tally.touched.set(buffer.point._id, span);
    }
    await beat();
  };
  /** The rollup packs held and the last data dates of what was written: at the end, also of a failed import. */
  const writeHeld = async (): Promise<void> => {
    await writeHeldRollups(session);
    await noteLastDataDates(options.customerId, [...latestOfPoint].map(([pointId, at]) => ({ pointId, at })), pointsById);
  };
  /**
   * Point-months taken out of the buffers are written while reading goes on (the parsing and the
   * table's work overlap); one such flush at a time, so a point-month's later rows are always
   * written after its earlier ones, and the rollup packs they change are written between two.
   */
  let writing: Promise<void> = Promise.resolve();
  let writingNow = false;
  const flushInBackground = async (chosen: MonthBuffer[]): Promise<void> => {
    await timed(session, 'readerWaits', () => writing);
    session.timings.rounds = (session.timings.rounds ?? 0) + 1;
    for (const buffer of chosen) buffered -= buffer.length;
    writingNow = true;
    writing = (async () => {
      // The rollup packs changed by the flushes so far are written once they hold too many
      // buckets: first those the last flush did not use (months the file has left), all if needed.
      if (heldBuckets(session) > HELD_BUCKETS_WRITTEN_PAST) await writeHeldRollups(session, { usedBefore: session.round });
      if (heldBuckets(session) > HELD_BUCKETS_WRITTEN_PAST) await writeHeldRollups(session);
      session.round += 1;
      await forEachConcurrently(chosen, FLUSHES_AT_ONCE, flush);
    })().finally(() => {
      writingNow = false;
    });
    // Its failure is thrown where it is awaited (the next flush or the end), never left unhandled.
    writing.catch(() => undefined);
  };

  try {
    for await (const read of rows) {
      firstRowAt ??= performance.now();
      if (skip > 0) {
        skip -= 1;
        continue;
      }
      tally.rows_read += 1;
      if (!read.ok) {
        tally.rejected += 1;
        options.rejects.write(`${read.line};${read.problem}`);
      } else {
        const point = byTechnicalId.get(read.row.technicalId);
        if (!point) {
          tally.unknown_rows += 1;
          if (unknown.size < UNKNOWN_IDS_KEPT) unknown.add(read.row.technicalId);
          options.rejects.write(`${read.line};unknown_point;${read.row.technicalId.replaceAll(';', ',')}`);
        } else {
          // The point's local month is worked out once a month, not once a row (its zone too).
          let month = monthOfPoint.get(point._id);
          if (!month || read.row.at < month.start || read.row.at >= month.end) {
            const zone = month?.zone ?? options.zoneOf(point);
            const start = bucketStart(read.row.at, 'month', zone);
            month = { zone, start, end: nextBucketStart(start, 'month', zone), key: `${point._id}|${start}` };
            monthOfPoint.set(point._id, month);
          }
          const { zone, key } = month;
          let buffer = buffers.get(key);
          if (!buffer) {
            buffer = new MonthBuffer(point, zone);
            buffers.set(key, buffer);
          }
          buffer.push(read.row.at, read.row.value, read.row.status);
          buffered += 1;
          // The table is kept busy while reading goes on: writing starts once an eighth of the
          // buffer is held and nothing is being written (a point-month split over several
          // flushes costs no read or pack write more: the session keeps what it read and holds
          // the packs it changes).
          const full = buffered >= bufferLimit;
          if (full || (!writingNow && buffered >= bufferLimit / 8)) {
            // Write the largest half, a few point-months at once: the ones most likely complete.
            const largest = [...buffers].sort((a, b) => b[1].length - a[1].length);
            const chosen: MonthBuffer[] = [];
            let left = buffered;
            for (const [bufferKey, candidate] of largest) {
              if (left < (full ? bufferLimit : buffered) / 2) break;
              chosen.push(candidate);
              buffers.delete(bufferKey);
              left -= candidate.length;
            }
            await flushInBackground(chosen);
          }
        }
      }
      await beat();
      if (tally.rows_read % ROWS_BETWEEN_TURNS === 0) await new Promise((resolve) => setImmediate(resolve));
      if (options.stopAt !== undefined && Date.now() >= options.stopAt) {
        tally.stopped = true;
        break;
      }
    }
  } catch (error) {
    // A failed import ends only once its writes in flight have, and the rollups of what they
    // wrote: nothing lands after its failure is recorded.
    await writing.catch(() => undefined);
    await writeHeld().catch((failure: unknown) => logger.warn('rollups of a failed import not written', describeError(failure)));
    throw error;
  }
  try {
    readEndAt = performance.now();
    await timed(session, 'readerWaits', () => writing);
    reading = false;
    await forEachConcurrently(buffers.values(), FLUSHES_AT_ONCE, flush);
  } catch (error) {
    await writeHeld().catch((failure: unknown) => logger.warn('rollups of a failed import not written', describeError(failure)));
    throw error;
  }
  await writeHeld();
  const endedAt = performance.now();
  const writer = session.writer.usage();
  tally.timings = {
    ...Object.fromEntries(Object.entries(session.timings).map(([phase, ms]) => [phase, Math.round(ms)])),
    total: Math.round(endedAt - startedAt),
    firstRow: Math.round((firstRowAt ?? endedAt) - startedAt),
    reading: Math.round((readEndAt ?? endedAt) - startedAt),
    afterReading: Math.round(endedAt - (readEndAt ?? endedAt)),
    ...Object.fromEntries(writer.msByCallsInFlight.map((ms, calls) => [`writesInFlight${calls}`, Math.round(ms)])),
    // Share of the time this process's event loop was busy (parsing, comparing, rolling up, the SDK's work), in %.
    eventLoopBusyPercent: Math.round(performance.eventLoopUtilization(loopBefore).utilization * 100),
    writeCalls: writer.calls,
    writeCallMsAverage: Math.round((writer.callMs / Math.max(writer.calls, 1)) * 10) / 10,
    // New hour items put in batches of INSERTs, those another writer had meanwhile (read and merged one by one), and INSERTs sent again.
    insertBatches: writer.insertBatches,
    hoursInserted: writer.hoursInserted,
    hoursContested: writer.hoursContested,
    insertsRetried: writer.insertsRetried,
  };
  tally.unknown_ids = [...unknown];
  tally.has_rejects = tally.rejected + tally.unknown_rows > 0;
  return tally;
};

const pushFileState = async (customerId: string, data: FilesChanged): Promise<void> => {
  try {
    await pushToCustomer(customerId, { event: 'filesChanged', data });
  } catch (error) {
    logger.warn('filesChanged not pushed', { customerId, ...describeError(error) });
  }
};

const outcomeOf = (tally: ImportTally): ImportOutcome => ({
  rows_read: tally.rows_read,
  written: tally.written,
  unchanged: tally.unchanged,
  rejected: tally.rejected,
  unknown_ids: tally.unknown_ids,
  unknown_rows: tally.unknown_rows,
  has_rejects: tally.has_rejects,
});

/** The calendar of the customer's file dates, and of each point's rollups. */
export const importContext = async (customerId: string) => {
  const [customer, points, locations] = await Promise.all([getCustomer(customerId), listPointsOfCustomer(customerId), listLocationsOfCustomer(customerId)]);
  return { zone: customer?.timezone ?? DEFAULT_TIMEZONE, points, zoneOf: (point: Point) => zoneOfPoint(point, locations) };
};

/** DynamoDB calls made since `before`, by operation and table, per 1,000 rows read: where an import's time goes. */
const callsPer1kRows = (before: ReadonlyMap<string, number>, rows: number): Record<string, number> =>
  Object.fromEntries(
    [...callsMadeSoFar()]
      .map(([kind, count]) => [kind, count - (before.get(kind) ?? 0)] as const)
      .filter(([, count]) => count > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, count]) => [kind, Math.round((count / Math.max(rows, 1)) * 1000 * 100) / 100]),
  );

/** Time kept at the end of an invocation to write what is held and hand over to the next one. */
const HAND_OVER_MARGIN_MS = 4 * 60_000;

/**
 * One import attempt of one meter file (the import function's work). It runs only while the
 * attempt still holds the file; progress and a heartbeat are written every few seconds; the end
 * is treated with its outcome, or treatment error with the reason (the file can be imported again).
 * A file longer than one invocation can import is continued: near the function's time limit the
 * reading stops, everything held is written, the rows done and the counts are kept on the file
 * (`checkpoint`), and the function starts itself again for the same attempt, which reads past
 * those rows and goes on.
 */
export const runFileImport = async (
  job: FileImportJob,
  options: { source?: () => Promise<Readable>; bufferedRows?: number; deadline?: number } = {},
): Promise<StoredMeterFile | null> => {
  const file = await getMeterFile(job.customerId, job.fileId);
  if (!file || file.attempt !== job.attempt || file.state !== 'in_treatment') {
    logger.info('file import superseded', { ...job, state: file?.state ?? null });
    return null;
  }
  const checkpoint = file.checkpoint?.attempt === job.attempt ? file.checkpoint : null;
  const callsBefore = callsMadeSoFar();
  let bytes = 0;
  let rowsSoFar = checkpoint?.tally.rows_read ?? 0;
  const progress = async (rows: number): Promise<void> => {
    rowsSoFar = rows;
    const current = { bytes, rows };
    await updateOfAttempt(job.customerId, job.fileId, job.attempt, { progress: current, heartbeat_at: new Date().toISOString() });
    await pushFileState(job.customerId, { file: job.fileId, state: 'in_treatment', progress: current });
  };
  const rejects = new PassThrough();
  let rejectLines = 0;
  const earlierRejects = checkpoint && checkpoint.tally.has_rejects ? await readRejects(job.customerId, job.fileId) : null;
  const rejectsStored = putRejects(job.customerId, job.fileId, rejects);
  rejectsStored.catch(() => undefined);
  if (earlierRejects) {
    // A continuation keeps the rejected rows of the invocations before it.
    for await (const chunk of earlierRejects) rejects.write(chunk);
  } else {
    rejects.write('line;reason;detail\n');
  }
  try {
    const context = await importContext(job.customerId);
    const body = await (options.source ? options.source() : readMeterFileBytes(job.customerId, job.fileId));
    const counted = body.pipe(byteCounter((total) => (bytes = total)));
    body.on('error', (error) => counted.destroy(error));
    const tally = await importRows(readMeterFile(counted, file.name, context.zone), {
      customerId: job.customerId,
      points: context.points,
      zoneOf: context.zoneOf,
      onProgress: progress,
      bufferedRows: options.bufferedRows,
      skipRows: checkpoint?.tally.rows_read,
      initial: checkpoint ? tallyOf(checkpoint.tally) : undefined,
      stopAt: options.deadline === undefined ? undefined : options.deadline - HAND_OVER_MARGIN_MS,
      rejects: {
        write: (line) => {
          rejectLines += 1;
          rejects.write(`${line}\n`);
        },
      },
    });
    body.destroy();
    rejects.end();
    await rejectsStored;
    // Rows read by this invocation (a continued import counts from its checkpoint): the dashboard's imports rows/s.
    metric('ImportedRows', tally.rows_read - (checkpoint?.tally.rows_read ?? 0), { fileId: job.fileId });
    if (tally.stopped) {
      const kept = await updateOfAttempt(job.customerId, job.fileId, job.attempt, {
        checkpoint: { attempt: job.attempt, tally: storedTally(tally) },
        progress: { bytes, rows: tally.rows_read },
        heartbeat_at: new Date().toISOString(),
      });
      if (kept) await continueImport(job);
      logger.info('file import continues in a new invocation', { ...job, rows: tally.rows_read });
      return { ...file, progress: { bytes, rows: tally.rows_read } };
    }
    const outcome = outcomeOf(tally);
    await launchDependentCalculations(
      job.customerId,
      [...tally.touched].flatMap(([pointId, span]) => [{ pointId, at: span.from }, { pointId, at: span.to }]),
    );
    await announceNewData(job.customerId, tally.touched.keys());
    const finished = new Date().toISOString();
    const kept = await updateOfAttempt(job.customerId, job.fileId, job.attempt, {
      state: 'treated',
      outcome,
      checkpoint: null,
      progress: { bytes, rows: tally.rows_read },
      finished_at: finished,
      heartbeat_at: finished,
    });
    if (kept) await pushFileState(job.customerId, { file: job.fileId, state: 'treated', progress: null });
    logger.info('file imported', { ...job, ...outcome, rejectLines, timingsMs: tally.timings, dynamoCallsPer1kRows: callsPer1kRows(callsBefore, tally.rows_read - (checkpoint?.tally.rows_read ?? 0)) });
    return { ...file, state: 'treated', outcome, finished_at: finished };
  } catch (error) {
    logger.error('file import failed', { ...job, ...describeError(error) });
    rejects.end();
    await rejectsStored.catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    const finished = new Date().toISOString();
    await updateOfAttempt(job.customerId, job.fileId, job.attempt, {
      state: 'treatment_error',
      error: reason.slice(0, 500),
      checkpoint: null,
      progress: { bytes, rows: rowsSoFar },
      finished_at: finished,
      heartbeat_at: finished,
    });
    await pushFileState(job.customerId, { file: job.fileId, state: 'treatment_error', progress: null });
    return { ...file, state: 'treatment_error', error: reason };
  }
};

/** What the import function is given: a file's job, or a worker's start on the import lanes. */
export type FileImportEvent = FileImportJob | DrainRequest;

/** A worker takes the import lanes' files in turn per customer until none may be taken; a job is imported at once. */
export const handleFileImportEvent = async (event: FileImportEvent, deadline: number): Promise<void> => {
  if (isDrainRequest(event)) {
    if (event.queue === 'import') await drainFairly<FileImportJob>('import', (job) => runFileImport(job, { deadline }), deadline);
    return;
  }
  await runFileImport(event, { deadline });
};
