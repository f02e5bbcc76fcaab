import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { createGzip } from 'node:zlib';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ROLLUP_LEVELS } from '@shared/series/buckets';
import type { DatabaseDump } from '@shared/schemas/application';
import { s3 } from '../clients/s3';
import { requireSetting } from '../config';
import { seriesKeys, type SeriesRef } from '../data/series-keys';
import { entitiesTable, queryPages, scanPages, seriesTable } from '../data/table';
import { logger } from '../logger';
import { customerOf, type Caller } from './caller';

const LINK_SECONDS = 300;

type Item = Record<string, unknown>;

/** Every item of a partition, page by page. */
async function* partition(table: string, PK: string): AsyncGenerator<Item[]> {
  for await (const page of queryPages({ TableName: table, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': PK } })) yield (page.Items ?? []) as Item[];
}

/** Every item of a table, page by page: the whole-database dump only, never a request's reading. */
async function* wholeTable(table: string): AsyncGenerator<Item[]> {
  for await (const page of scanPages(table)) yield (page.Items ?? []) as Item[];
}

/** One customer's items: its partition, then each of its points' series partitions. */
async function* customerPages(customerId: string): AsyncGenerator<{ table: 'entities' | 'series'; items: Item[] }> {
  const series = seriesTable();
  const points: SeriesRef[] = [];
  for await (const items of partition(entitiesTable(), `C#${customerId}`)) {
    for (const item of items) if (typeof item.SK === 'string' && item.SK.startsWith('PT#')) points.push({ customerId, pointId: item.SK.slice(3) });
    yield { table: 'entities', items };
  }
  for (const point of points) {
    const months: string[] = [];
    for await (const items of partition(series, seriesKeys.rawMonths(point))) {
      months.push(...items.map((item) => String(item.SK)));
      yield { table: 'series', items };
    }
    for (const month of months) for await (const items of partition(series, seriesKeys.rawPartition(point, month))) yield { table: 'series', items };
    for (const level of ROLLUP_LEVELS) for await (const items of partition(series, seriesKeys.rollupPartition(point, level))) yield { table: 'series', items };
    for await (const items of partition(series, seriesKeys.extent(point, 'hour').PK)) yield { table: 'series', items };
  }
}

async function* allPages(): AsyncGenerator<{ table: 'entities' | 'series'; items: Item[] }> {
  for await (const items of wholeTable(entitiesTable())) yield { table: 'entities', items };
  for await (const items of wholeTable(seriesTable())) yield { table: 'series', items };
}

/** Binary attributes (rollup packs) as base64, so that every line is JSON. */
const jsonOf = (value: unknown): string =>
  JSON.stringify(value, (_, inner: unknown) => (inner instanceof Uint8Array ? { $binary: Buffer.from(inner).toString('base64') } : inner));

/**
 * A dump of the caller's scope — the current customer's data, or (root) everything — as gzipped
 * JSON lines `{"table":…,"item":…}`, streamed page by page into the documents bucket (never held
 * whole in memory), answered as a short-lived link that saves under a dated name.
 */
export const dumpDatabase = async (caller: Caller, scope: 'customer' | 'all'): Promise<DatabaseDump> => {
  const customerId = scope === 'customer' ? customerOf(caller) : null;
  const day = new Date().toISOString().slice(0, 10);
  const fileName = `wattwise-${customerId ?? 'all'}-${day}.jsonl.gz`;
  const Key = `dumps/${customerId ?? 'all'}/${randomUUID()}.jsonl.gz`;
  const Bucket = requireSetting('DOCUMENTS_BUCKET');
  const gzip = createGzip();
  const body = gzip.pipe(new PassThrough());
  const upload = new Upload({ client: s3, params: { Bucket, Key, Body: body, ContentType: 'application/gzip' } });
  const uploaded = upload.done();
  let items = 0;
  try {
    for await (const page of customerId ? customerPages(customerId) : allPages()) {
      for (const item of page.items) {
        items += 1;
        if (!gzip.write(`${jsonOf({ table: page.table, item })}\n`)) await once(gzip, 'drain');
      }
    }
    gzip.end();
    await uploaded;
  } catch (error) {
    gzip.destroy();
    await upload.abort().catch(() => undefined);
    throw error;
  }
  logger.info('database dumped', { scope, customerId, items, by: caller.userId });
  const url = await getSignedUrl(
    s3,
    new GetObjectCommand({ Bucket, Key, ResponseContentDisposition: `attachment; filename="${fileName}"`, ResponseContentType: 'application/gzip' }),
    { expiresIn: LINK_SECONDS },
  );
  return { url, file_name: fileName, items, expires_in_seconds: LINK_SECONDS };
};
