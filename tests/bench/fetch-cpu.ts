/**
 * A source fetch's own CPU work, without the emulator (issue 41, docs/benchmarks/cost.md "Run 13b"): the
 * cost bench's hours of fetches (four 15-minute fetches an hour bringing 1, 2, 1 and 2 ten-minute values a point,
 * 250 points, `storeFetchedValuesInBulk`) against a DynamoDB held in this process's memory (`memoryDynamo`:
 * the calls a fetch makes, conditions and all, answered at once). What it measures is the fetch's process alone —
 * the marks, the comparisons, the hours' and packs' decoding and encoding, the SDK's marshalling. Run
 * `npm run bench:fetch-cpu`; `FETCH_CPU_PROFILE=<file>` writes a CPU profile of the measured hours alone.
 */
process.env.SERIES_TABLE ??= 'series';
process.env.ENTITIES_TABLE ??= 'entities';
process.env.AWS_REGION ??= 'eu-west-3';
process.env.AWS_ACCESS_KEY_ID ??= 'bench';
process.env.AWS_SECRET_ACCESS_KEY ??= 'bench';

import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import type { StoredValue } from '../../functions/src/data/raw-value-repository';
import { memoryDynamo } from './memory-dynamo';

const POINTS = Number(process.env.FETCH_CPU_POINTS ?? 250);
const HOURS = Number(process.env.FETCH_CPU_HOURS ?? 6);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ZONE = 'Europe/Paris';
const customerId = 'cust-fetch-cpu';
const start = Date.parse('2026-05-16T08:00:00Z');

const valuesAt = (instant: number): StoredValue[] =>
  Array.from({ length: POINTS }, (_, index) => ({
    pointId: `pt-${String(index).padStart(4, '0')}-${'x'.repeat(28)}`,
    customerId,
    at: instant,
    value: Math.round((50 + 30 * Math.sin(instant / 86_400_000 + index)) * 10) / 10,
    status: '1' as const,
    zone: ZONE,
  }));

const main = async () => {
  const { dynamo } = await import('../../functions/src/clients/dynamodb');
  const table = memoryDynamo();
  (dynamo.config as unknown as { requestHandler: unknown }).requestHandler = {
    handle: async (request: { headers: Record<string, string>; body?: unknown }) => {
      const body = typeof request.body === 'string' ? request.body : Buffer.from(request.body as Uint8Array).toString('utf8');
      const { status, answer } = table.answer(String(request.headers['x-amz-target'] ?? ''), body);
      return { response: { statusCode: status, headers: { 'content-type': 'application/x-amz-json-1.0' }, body: Readable.from([Buffer.from(JSON.stringify(answer))]) } };
    },
    updateHttpClientConfig: () => undefined,
    httpHandlerConfigs: () => ({}),
    destroy: () => undefined,
  };
  const writes = await import('../../functions/src/services/series-write-service');
  const ahead = new Map(valuesAt(0).map((value) => [value.pointId, { last_data_date: '2100-01-01T00:00:00.000Z' }]));
  // A day of history rolled up at once (an import would), then the hour before the measured ones' last two fetches.
  const history = Array.from({ length: 24 * 6 - 3 }, (_, index) => start - 24 * HOUR + index * 10 * MINUTE);
  await writes.storeValuesInBulk(customerId, history.flatMap(valuesAt), ahead, { announce: false });
  const fetch = (minutes: readonly number[], hour: number) => writes.storeFetchedValuesInBulk(customerId, minutes.flatMap((minute) => valuesAt(hour + minute * MINUTE)), ahead, { announce: false });
  await fetch([-20], start);
  await fetch([-10, 0], start);
  table.calls.clear();
  const session = process.env.FETCH_CPU_PROFILE ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
  }
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let hour = 0; hour < HOURS; hour += 1) {
    for (const minutes of [[10], [20, 30], [40], [50, 60]]) await fetch(minutes, start + hour * HOUR);
  }
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (session) writeFileSync(process.env.FETCH_CPU_PROFILE!, JSON.stringify((await session.post('Profiler.stop')).profile));
  const fetches = HOURS * 4;
  console.log(`  calls: ${[...table.calls].map(([operation, count]) => `${operation} ${count}`).join(', ')}`);
  console.log(
    `fetch-cpu: points=${POINTS} fetches=${fetches} ms_per_fetch=${(ms / fetches).toFixed(1)} cpu_ms_per_fetch=${((used.user + used.system) / 1000 / fetches).toFixed(1)} us_per_point_fetch=${((ms * 1000) / fetches / POINTS).toFixed(1)}`,
  );
};
void main();
