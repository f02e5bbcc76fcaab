import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { gzipSync, gunzipSync } from 'node:zlib';
import { deployToEmulator, generateDemoPasswords } from '../../infra/local/deploy';
import { awsEnvironment, startEmulator } from '../../infra/local/emulator';
import { printProgress, seedLargeCustomerIn } from '../../infra/local/large-customer';
import { argument, benchApi } from './bench-api';

/**
 * `npx tsx tests/bench/unpaged-probe.ts [-- --scale 1]` (issue 43): why the unpaged point lists of the
 * large customer answer 502 where their pages answer. Its own emulator (port 4599), the app
 * deployed, the large customer's entities seeded (a day of values for 0.1 % of its points), then:
 * - each unpaged list called as a client would, with gzip and without: status, message, bytes,
 *   time; the emulator's log lines of a function timed out or refused;
 * - the same list's steps in this process against the same tables (the reads of the points and
 *   locations, the fetched dates, the JSON, its gzip): what each costs and how large the answer is.
 * Not part of `npm test`.
 */
const SCALE = Number(argument('scale', '1'));
const PORT = Number(argument('port', '4599'));

const UNPAGED = ['/api/v1/points', '/api/v2/points/get-all/all', '/api/v1/points/get-all-with-locations-name'];

const main = async () => {
  const emulator = await startEmulator(PORT, 'bench-unpaged');
  try {
    Object.assign(process.env, awsEnvironment(emulator.endpoint));
    const deployment = await deployToEmulator(emulator.endpoint, 'bench-unpaged');
    const password = generateDemoPasswords().premiumAdministrator;
    const seeded = await seedLargeCustomerIn(deployment, { scale: SCALE, size: { seriesDays: 1, seriesShare: 0.001 }, password }, printProgress);
    console.log(`seeded: ${seeded.counts.points} points, ${seeded.counts.sites} sites (entities ${(seeded.ms.entities / 1000).toFixed(1)} s)`);

    const api = benchApi(deployment.restBaseUrl);
    const token = (await api('POST', '/api/v1/users/authenticate', null, { user: { email: 'admin@hexagone-commerces.example', password } })).data.user.jwt as string;
    const raw = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; bytes: number; sent: number; ms: number; msg: string | null }>((resolve, reject) => {
        const started = performance.now();
        const call = httpRequest(new URL(`${deployment.restBaseUrl}${path}`), { headers: { Authorization: `Bearer ${token}`, ...headers } }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const body = Buffer.concat(chunks);
            const text = answer.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
            let msg: string | null = null;
            if ((answer.statusCode ?? 0) >= 300) msg = text.toString('utf8').slice(0, 300);
            resolve({ status: answer.statusCode ?? 0, bytes: text.length, sent: body.length, ms: performance.now() - started, msg });
          });
          answer.on('error', reject);
        });
        call.on('error', reject);
        call.end();
      });

    const kib = (bytes: number) => (bytes / 1024).toFixed(0);
    // A page first: the function is warm, and the paged call answers.
    for (const path of UNPAGED) {
      const page = await raw(`${path}?limit=50`, { Accept: 'application/json', 'Accept-Encoding': 'gzip' });
      console.log(`GET ${path}?limit=50: ${page.status} ${kib(page.bytes)} KiB in ${page.ms.toFixed(0)} ms`);
    }
    for (const path of UNPAGED) {
      for (const [label, headers] of [
        ['gzip', { Accept: 'application/json', 'Accept-Encoding': 'gzip' }],
        ['plain', { Accept: 'application/json' }],
      ] as const) {
        const logBefore = readFileSync(emulator.logFile, 'utf8').length;
        const answer = await raw(path, headers);
        const logLines = readFileSync(emulator.logFile, 'utf8')
          .slice(logBefore)
          .split('\n')
          .filter((line) => /timed out|killing|answer_too_large|error|memory/i.test(line))
          .slice(0, 5);
        console.log(
          `GET ${path} unpaged (${label}): ${answer.status}, ${kib(answer.bytes)} KiB (${kib(answer.sent)} KiB sent) in ${answer.ms.toFixed(0)} ms${answer.msg ? ` — ${answer.msg}` : ''}`,
        );
        for (const line of logLines) console.log(`  emulator: ${line.slice(0, 300)}`);
      }
    }

    // The same work in this process, step by step, against the same tables.
    Object.assign(process.env, { ENTITIES_TABLE: deployment.entitiesTable, SERIES_TABLE: deployment.seriesTable });
    const { listPointsOfCustomer, pointsInOrderAfter } = await import('../../functions/src/data/point-repository');
    const { listLocationsOfCustomer } = await import('../../functions/src/data/location-repository');
    const { withLatestDates } = await import('../../functions/src/services/last-data-dates');
    const customerId = seeded.customer._id;
    const timed = async <T>(what: string, work: () => Promise<T> | T): Promise<T> => {
      const started = performance.now();
      const result = await work();
      console.log(`  ${what}: ${(performance.now() - started).toFixed(0)} ms`);
      return result;
    };
    console.log('In this process:');
    const points = await timed('every point, the customer partition (listPointsOfCustomer)', () => listPointsOfCustomer(customerId));
    const inOrder = await timed('every point, GSI1 in list order (pointsInOrderAfter, pages of 1,000)', async () => {
      const all = [];
      for await (const point of pointsInOrderAfter(customerId, null, 1_000)) all.push(point);
      return all;
    });
    console.log(`  ${points.length} points; ${inOrder.length} in list order`);
    const locations = await timed('every location (listLocationsOfCustomer)', () => listLocationsOfCustomer(customerId));
    const dated = await timed('fetched dates (withLatestDates)', () => withLatestDates(customerId, points));
    const body = await timed('JSON of the envelope', () => JSON.stringify({ res: true, data: dated }));
    const gz = await timed('gzip (level 6)', () => gzipSync(body));
    const gz1 = await timed('gzip (level 1)', () => gzipSync(body, { level: 1 }));
    const base64 = gz.toString('base64');
    console.log(
      `  answer: ${kib(Buffer.byteLength(body))} KiB JSON (${(Buffer.byteLength(body) / points.length).toFixed(0)} bytes a point), ${kib(gz.length)} KiB gzip 6, ${kib(gz1.length)} KiB gzip 1, ` +
        `${kib(base64.length)} KiB as base64; ${locations.length} locations`,
    );
    const names = new Map(locations.map((location) => [location._id, location.name]));
    const withNames = JSON.stringify({ res: true, data: dated.map((point) => ({ ...point, locations_name: point.location.map((id) => names.get(id) ?? id) })) });
    console.log(`  with locations' names: ${kib(Buffer.byteLength(withNames))} KiB JSON, ${kib(gzipSync(withNames).length)} KiB gzip`);
    console.log(
      `unpaged-probe: points=${points.length} json_kb=${kib(Buffer.byteLength(body))} gzip_kb=${kib(gz.length)} base64_kb=${kib(base64.length)}`,
    );
  } finally {
    await emulator.stop();
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
