/**
 * The import's own CPU work, without the emulator (issue 41 follow-up, docs/benchmarks/import.md):
 * a bench-shaped CSV file (100 points, 15-minute rows from 2026-01-01, ISO dates like
 * `npm run bench:import`'s, or local dates with IMPORT_CPU_LOCAL=1) imported by `importRows`
 * — the reader, the checks, the grouping, the comparison, the rollups, the hour items and the
 * SDK's requests — against a DynamoDB that answers every call at once as an empty table would.
 * What it measures is the import's process alone: run `npm run bench:import-cpu`
 * (`node --cpu-prof --import tsx tests/bench/import-cpu.ts` to profile).
 */
process.env.SERIES_TABLE ??= 'series';
process.env.ENTITIES_TABLE ??= 'entities';
process.env.AWS_REGION ??= 'eu-west-3';
process.env.AWS_ACCESS_KEY_ID ??= 'bench';
process.env.AWS_SECRET_ACCESS_KEY ??= 'bench';

import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import type { Point } from '@shared/schemas/point';

const POINTS = 100;
const ROWS_PER_POINT = Number(process.env.IMPORT_CPU_ROWS_PER_POINT ?? 1000);
const RUNS = Number(process.env.IMPORT_CPU_RUNS ?? 3);
const STEP_MS = 15 * 60_000;
const LOCAL = process.env.IMPORT_CPU_LOCAL === '1';
const ZONE = 'Europe/Paris';
const from = Date.parse('2026-01-01T00:00:00Z');

const two = (value: number) => String(value).padStart(2, '0');
/** Paris wall clock, as a customer's own file writes it (the file stays in winter time). */
const localText = (at: number) => {
  const date = new Date(at + 3_600_000);
  return `${two(date.getUTCDate())}/${two(date.getUTCMonth() + 1)}/${date.getUTCFullYear()} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}`;
};
const fileText = (): string => {
  const chunks: string[] = ['technical_id;date;value\n'];
  for (let step = 0; step < ROWS_PER_POINT; step += 1) {
    const at = from + step * STEP_MS;
    const text = LOCAL ? localText(at) : new Date(at).toISOString().replace('.000Z', 'Z');
    let chunk = '';
    for (let point = 0; point < POINTS; point += 1) chunk += `BENCH-${String(point).padStart(3, '0')};${text};${(step * 0.25 + point).toFixed(2)}\n`;
    chunks.push(chunk);
  }
  return chunks.join('');
};

/** DynamoDB's answers for an empty table, by operation. */
const answerOf = (target: string, body: string): unknown => {
  const operation = target.split('.').pop();
  if (operation === 'Query' || operation === 'Scan') return { Items: [], Count: 0, ScannedCount: 0 };
  if (operation === 'BatchGetItem') {
    const tables = Object.keys((JSON.parse(body) as { RequestItems: Record<string, unknown> }).RequestItems);
    return { Responses: Object.fromEntries(tables.map((table) => [table, []])), UnprocessedKeys: {} };
  }
  if (operation === 'BatchWriteItem') return { UnprocessedItems: {} };
  // A batch of INSERTs: each statement answered on its own, every one landed.
  if (operation === 'BatchExecuteStatement') return { Responses: (JSON.parse(body) as { Statements: unknown[] }).Statements.map(() => ({})) };
  return {};
};

const main = async () => {
  const { dynamo } = await import('../../functions/src/clients/dynamodb');
  const calls = new Map<string, number>();
  const handler = {
    handle: async (request: { headers: Record<string, string>; body?: unknown }) => {
      const target = String(request.headers['x-amz-target'] ?? '');
      calls.set(target, (calls.get(target) ?? 0) + 1);
      const body = JSON.stringify(answerOf(target, typeof request.body === 'string' ? request.body : Buffer.from(request.body as Uint8Array).toString('utf8')));
      // What @smithy/protocol-http's HttpResponse holds (it is told apart by its shape).
      return { response: { statusCode: 200, headers: { 'content-type': 'application/x-amz-json-1.0' }, body: Readable.from([Buffer.from(body)]) } };
    },
    updateHttpClientConfig: () => undefined,
    httpHandlerConfigs: () => ({}),
    destroy: () => undefined,
  };
  (dynamo.config as unknown as { requestHandler: unknown }).requestHandler = handler;
  const { importRows } = await import('../../functions/src/services/file-import-service');
  const { readMeterFile } = await import('../../functions/src/services/meter-file-reader');
  const { forgetKnownHours } = await import('../../functions/src/data/raw-value-repository');
  const points = Array.from({ length: POINTS }, (_, index) => ({ _id: `point-${index}`, technical_id: `BENCH-${String(index).padStart(3, '0')}` }) as unknown as Point);
  const text = fileText();
  const once = async () => {
    forgetKnownHours();
    calls.clear();
    const started = performance.now();
    const tally = await importRows(readMeterFile(Readable.from([Buffer.from(text)]), 'bench.csv', ZONE), {
      customerId: `cust-${Math.random().toString(36).slice(2)}`,
      points,
      zoneOf: () => ZONE,
      rejects: { write: () => undefined },
    });
    const ms = performance.now() - started;
    if (tally.rows_read !== POINTS * ROWS_PER_POINT || tally.written !== tally.rows_read) throw new Error(`read ${tally.rows_read}, written ${tally.written}`);
    return { ms, rows: tally.rows_read, tally };
  };
  await once(); // warm-up
  const runs = [];
  for (let index = 0; index < RUNS; index += 1) runs.push(await once());
  const best = runs.reduce((a, b) => (a.ms < b.ms ? a : b));
  console.log(`  calls: ${[...calls].map(([target, count]) => `${target.split('.').pop()} ${count}`).join(', ')}`);
  console.log(`  runs: ${runs.map((run) => run.ms.toFixed(0)).join(', ')} ms; heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB`);
  console.log(`import-cpu: rows=${best.rows} local_dates=${LOCAL} best_ms=${best.ms.toFixed(0)} us_per_row=${((best.ms * 1000) / best.rows).toFixed(1)}`);
};
void main();
