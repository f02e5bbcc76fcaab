import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { createGzip } from 'node:zlib';
import { Upload } from '@aws-sdk/lib-storage';
import { ROLLUP_LEVELS } from '@shared/series/buckets';
import { s3 } from '../clients/s3';
import { requireSetting } from '../config';
import { getDump, updateDump } from '../data/database-dump-repository';
import { seriesKeys, type SeriesRef } from '../data/series-keys';
import { entitiesTable, queryPages, scanPages, seriesTable } from '../data/table';
import { describeError, logger } from '../logger';
import type { DatabaseDumpJob } from './job-launcher';
import { pushToUser } from './realtime-service';

type Item = Record<string, unknown>;
type Page = { table: 'entities' | 'series'; items: Item[] };

/** How often the dump's record is brought up to date while it runs. */
const PROGRESS_EVERY_MS = 1_000;

/** Every item of a partition, page by page. */
async function* partition(table: string, PK: string): AsyncGenerator<Item[]> {
  for await (const page of queryPages({ TableName: table, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': PK } })) yield (page.Items ?? []) as Item[];
}

/** Every item of a table, page by page: the whole-database dump only, never a request's reading. */
async function* wholeTable(table: string): AsyncGenerator<Item[]> {
  for await (const page of scanPages(table)) yield (page.Items ?? []) as Item[];
}

/** Where a dump is: parts done of the total (known once the customer's points are), and the table being read. */
interface Position {
  done: number;
  total: number;
  table: 'entities' | 'series';
}

/** One customer's items: its partition, then each of its points' series partitions. */
async function* customerPages(customerId: string, position: Position): AsyncGenerator<Page> {
  const series = seriesTable();
  const points: SeriesRef[] = [];
  for await (const items of partition(entitiesTable(), `C#${customerId}`)) {
    for (const item of items) if (typeof item.SK === 'string' && item.SK.startsWith('PT#')) points.push({ customerId, pointId: item.SK.slice(3) });
    yield { table: 'entities', items };
  }
  Object.assign(position, { done: 1, total: 1 + points.length, table: 'series' });
  for (const point of points) {
    const months: string[] = [];
    for await (const items of partition(series, seriesKeys.rawMonths(point))) {
      months.push(...items.map((item) => String(item.SK)));
      yield { table: 'series', items };
    }
    for (const month of months) for await (const items of partition(series, seriesKeys.rawPartition(point, month))) yield { table: 'series', items };
    for (const level of ROLLUP_LEVELS) for await (const items of partition(series, seriesKeys.rollupPartition(point, level))) yield { table: 'series', items };
    for await (const items of partition(series, seriesKeys.extent(point, 'hour').PK)) yield { table: 'series', items };
    position.done += 1;
  }
}

async function* allPages(position: Position): AsyncGenerator<Page> {
  for await (const items of wholeTable(entitiesTable())) yield { table: 'entities', items };
  Object.assign(position, { done: 1, table: 'series' });
  for await (const items of wholeTable(seriesTable())) yield { table: 'series', items };
  position.done = 2;
}

/** Binary attributes (rollup packs) as base64, so that every line is JSON. */
const jsonOf = (value: unknown): string =>
  JSON.stringify(value, (_, inner: unknown) => (inner instanceof Uint8Array ? { $binary: Buffer.from(inner).toString('base64') } : inner));

const push = async (job: DatabaseDumpJob, done: number, total: number, state: 'running' | 'done' | 'failed') => {
  if (!job.requestedBy) return;
  await pushToUser(job.requestedBy, {
    event: 'jobProgress',
    data: { job: job.jobId, kind: job.kind, point: job.customerId ?? 'all', done, total, state },
  }).catch((error) => logger.warn('progress not pushed', describeError(error)));
};

/**
 * Writes a dump — a customer's data, or (scope all) everything — as gzipped JSON lines
 * `{"table":…,"item":…}`, streamed page by page into the documents bucket under the key its record
 * names (never held whole in memory), and records its progress (items, parts done of the total,
 * the table being read) about every second, then its end. A dump no longer the scope's latest
 * stops.
 */
export const runDatabaseDump = async (job: DatabaseDumpJob): Promise<void> => {
  const stored = await getDump(job.customerId);
  if (!stored || stored.job !== job.jobId || stored.state !== 'running') {
    logger.info('database dump not under way', { job: job.jobId });
    return;
  }
  const position: Position = { done: 0, total: job.customerId ? 1 : 2, table: 'entities' };
  const Bucket = requireSetting('DOCUMENTS_BUCKET');
  const gzip = createGzip();
  const body = gzip.pipe(new PassThrough());
  const upload = new Upload({ client: s3, params: { Bucket, Key: stored.object_key, Body: body, ContentType: 'application/gzip' } });
  const uploaded = upload.done();
  let items = 0;
  let reported = Date.now();
  const record = async () => {
    reported = Date.now();
    return updateDump(job.customerId, job.jobId, { items, done: position.done, total: position.total, table: position.table, heartbeat_at: reported });
  };
  try {
    await push(job, 0, position.total, 'running');
    for await (const page of job.customerId ? customerPages(job.customerId, position) : allPages(position)) {
      for (const item of page.items) {
        items += 1;
        if (!gzip.write(`${jsonOf({ table: page.table, item })}\n`)) await once(gzip, 'drain');
      }
      if (Date.now() - reported >= PROGRESS_EVERY_MS) {
        if (!(await record())) throw new Error('A newer dump replaced this one');
        await push(job, position.done, position.total, 'running');
      }
    }
    gzip.end();
    await uploaded;
  } catch (error) {
    gzip.destroy();
    await upload.abort().catch(() => undefined);
    logger.error('database dump failed', { job: job.jobId, ...describeError(error) });
    await updateDump(job.customerId, job.jobId, { state: 'failed', items, finished_at: new Date().toISOString(), heartbeat_at: Date.now() });
    await push(job, position.done, position.total, 'failed');
    return;
  }
  await updateDump(job.customerId, job.jobId, {
    state: 'done',
    items,
    done: position.total,
    total: position.total,
    finished_at: new Date().toISOString(),
    heartbeat_at: Date.now(),
  });
  logger.info('database dumped', { job: job.jobId, scope: job.scope, customerId: job.customerId, items, by: job.requestedBy });
  await push(job, position.total, position.total, 'done');
};
