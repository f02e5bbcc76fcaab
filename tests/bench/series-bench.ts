import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import { bucketsOf, type SeriesAnswer } from '../../shared/src/schemas/series';
import { deployToEmulator, generateDemoPasswords, seedDemoData, type Deployment } from '../../infra/local/deploy';
import { awsEnvironment, startEmulator } from '../../infra/local/emulator';
import { entriesOfRawItems } from '../../functions/src/data/raw-hour';
import { seriesKeys } from '../../functions/src/data/series-keys';
import { argument, benchApi } from './bench-api';

/**
 * `npm run bench:series [-- --years 1,5]`: the series engine against two baselines, same run,
 * same machine. For each size (10 points × N years of ten-minute values):
 * 1. ingest through the bulk path (rows/s, peak memory) next to plain BatchWriteItem of the same
 *    rows without rollups (the emulator's ceiling);
 * 2. daily `diff` of the 10 points over the whole range through the series endpoint (warm p50 of
 *    20, taken in three rounds: the figure is their median), next to PostgreSQL aggregating the
 *    raw rows and to a naive raw read through DynamoDB aggregated in Node; and the last year of
 *    the set alone (the same answer whatever the rows before it);
 * 3. every bucket of our answer compared with PostgreSQL's.
 * The last line is machine-readable.
 */
const SIZES = argument('years', '1,5').split(',').map(Number);
const POINTS = 10;
const STEP = 10 * 60_000;
const ZONE = 'Europe/Paris';
const CUSTOMER = 'cust-energie-plus';
const PORT = Number(argument('port', '4597'));
const QUERY_RUNS = 20;
/** Rounds of QUERY_RUNS queries: the figure is the median of their p50s, steadier against the emulator's own pauses. */
const QUERY_ROUNDS = 3;
const NAIVE_RUNS = Number(argument('naive-runs', '3'));

const percentile50 = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round1 = (value: number) => Math.round(value * 10) / 10;

/** Deterministic index values: an office load curve plus a hashed jitter (no state across months). */
const indexAt = (point: number, step: number): number => {
  const jitter = ((Math.imul(step + 1, 2654435761) ^ Math.imul(point + 7, 40503)) >>> 0) / 4294967296;
  return round1(1000 * point + step * (2 + point / 10) + jitter * 3);
};

/** Month windows (local calendar) of the generated range, so memory stays one month wide. */
function* monthsOfRows(start: number, years: number) {
  const end = DateTime.fromMillis(start, { zone: ZONE }).plus({ years }).toMillis();
  for (let month = start; month < end; ) {
    const next = Math.min(DateTime.fromMillis(month, { zone: ZONE }).plus({ months: 1 }).toMillis(), end);
    const rows: { point: number; at: number; value: number }[] = [];
    for (let point = 0; point < POINTS; point += 1) {
      for (let at = month; at < next; at += STEP) rows.push({ point, at, value: indexAt(point, (at - start) / STEP) });
    }
    yield rows;
    month = next;
  }
}

let peakRss = 0;
const sampleMemory = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));

const postgres = (() => {
  let dataDir = '';
  let bin = '';
  const port = 55432;
  const psql = (sql: string): string =>
    execFileSync(`${bin}/psql`, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-At', '-F', '\t', '-c', sql], {
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
    });
  return {
    start: () => {
      if (!existsSync('/usr/lib/postgresql')) {
        console.log('Installing PostgreSQL (Debian package) ...');
        execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit' });
      }
      const version = readdirSync('/usr/lib/postgresql').sort().at(-1)!;
      bin = `/usr/lib/postgresql/${version}/bin`;
      dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pg-'));
      execFileSync('chown', ['postgres', dataDir]);
      const asPostgres = (command: string, args: string[]) =>
        spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'ignore' });
      asPostgres(`${bin}/initdb`, ['-D', dataDir, '-A', 'trust', '-U', 'postgres']);
      asPostgres(`${bin}/pg_ctl`, ['-D', dataDir, '-o', `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1`, '-w', 'start']);
      psql('CREATE TABLE raw (point int, ts timestamptz, v double precision)');
    },
    load: (file: string) => {
      psql(`TRUNCATE raw; COPY raw FROM '${file}' WITH (FORMAT csv)`);
      psql('CREATE INDEX IF NOT EXISTS raw_point_ts ON raw (point, ts); ANALYZE raw');
    },
    dailyDiff: (): Map<string, number> => {
      const sql = `WITH daily AS (
          SELECT point, date_trunc('day', ts AT TIME ZONE '${ZONE}') AS day,
                 (array_agg(v ORDER BY ts DESC))[1] AS last, (array_agg(v ORDER BY ts))[1] AS first
          FROM raw GROUP BY point, day)
        SELECT point, to_char(day, 'YYYY-MM-DD'), last - COALESCE(lag(last) OVER (PARTITION BY point ORDER BY day), first)
        FROM daily ORDER BY point, day`;
      const rows = psql(sql).trim().split('\n');
      return new Map(rows.map((row) => {
        const [point, day, diff] = row.split('\t');
        return [`${point}|${day}`, round1(Number(diff))];
      }));
    },
    stop: () => {
      spawnSync('runuser', ['-u', 'postgres', '--', `${bin}/pg_ctl`, '-D', dataDir, '-m', 'fast', 'stop'], { stdio: 'ignore' });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
})();

interface SizeResult {
  rows: number;
  ours: number;
  /** p50 of each round, for the log. */
  ourRounds: number[];
  /** The last year of the set alone: the same answer size whatever the rows before it. */
  lastYear: number;
  naive: number;
  pg: number;
  ingest: number;
  raw: number;
  equal: boolean;
  compared: number;
  expected: number;
  rss: number;
}

/**
 * Runs one phase in an emulator of its own, so each measurement sees only its own data: the
 * 5-year query does not also carry the 1-year set, nor the millions of stream records the
 * ceiling table leaves behind (the emulator keeps a deleted table's stream for 24 hours).
 */
const inFreshEmulator = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
  const emulator = await startEmulator(PORT, name);
  try {
    Object.assign(process.env, awsEnvironment(emulator.endpoint));
    return await work();
  } finally {
    await emulator.stop();
  }
};

/** 1a. The emulator's ceiling: the rows through plain BatchWriteItem, no rollups, into a table made like the series table (same keys, same stream). */
const measureCeiling = (years: number, start: number): Promise<number> =>
  inFreshEmulator('bench-ceiling', async () => {
    const tables = new DynamoDBClient({});
    const documents = DynamoDBDocumentClient.from(tables);
    const ceilingTable = 'bench-ceiling';
    await tables.send(
      new CreateTableCommand({
        TableName: ceilingTable,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' }, { AttributeName: 'SK', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }, { AttributeName: 'SK', KeyType: 'RANGE' }],
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }),
    );
    let rows = 0;
    const started = performance.now();
    for (const month of monthsOfRows(start, years)) {
      for (let offset = 0; offset < month.length; offset += 25) {
        await documents.send(
          new BatchWriteCommand({
            RequestItems: {
              [ceilingTable]: month.slice(offset, offset + 25).map((row) => ({
                PutRequest: { Item: { PK: `S#${row.point}#${new Date(row.at).toISOString().slice(0, 7)}`, SK: String(row.at).padStart(13, '0'), t: row.at, v: row.value, s: '1', z: ZONE, c: CUSTOMER, b: 1 } },
              })),
            },
          }),
        );
      }
      rows += month.length;
    }
    return rows / ((performance.now() - started) / 1000);
  });

/** 1b, 2 and 3 for one size, in a freshly deployed stack. */
const measureEngine = (years: number, start: number): Promise<Omit<SizeResult, 'raw'>> =>
  inFreshEmulator('bench', async () => {
    const deployment: Deployment = await deployToEmulator(process.env.AWS_ENDPOINT_URL!, 'bench');
    const passwords = generateDemoPasswords();
    await seedDemoData(deployment, passwords);
    Object.assign(process.env, { ENTITIES_TABLE: deployment.entitiesTable, SERIES_TABLE: deployment.seriesTable });
    const { pointsOfCustomerById } = await import('../../functions/src/services/series-service');
    const { storeValuesInBulk } = await import('../../functions/src/services/series-write-service');
    const documents = DynamoDBDocumentClient.from(new DynamoDBClient({}));
    const api = benchApi(deployment.restBaseUrl);
    const login = await api('POST', '/api/v1/users/authenticate', null, {
      user: { email: 'admin@energie-plus.example', password: passwords.premiumAdministrator },
    });
    const token = login.data.user.jwt as string;
    const pointIds: string[] = [];
    for (let point = 0; point < POINTS; point += 1) {
      const created = await api('POST', '/api/v1/points', token, {
        name: `Bench ${years}y ${point}`,
        technical_id: `BENCH-${years}Y-${point}`,
        resource: 'electricity',
        series_type: 'index',
        unit: 'kWh',
        location: ['loc-lyon-a'],
      });
      pointIds.push(created.data._id);
    }
    const points = await pointsOfCustomerById(CUSTOMER);

    // 1b. Our bulk path, rollups included.
    peakRss = 0;
    let rows = 0;
    const started = performance.now();
    for (const month of monthsOfRows(start, years)) {
      await storeValuesInBulk(
        CUSTOMER,
        month.map((row) => ({ pointId: pointIds[row.point], customerId: CUSTOMER, at: row.at, value: row.value, status: '1' as const, zone: ZONE })),
        points,
      );
      rows += month.length;
      sampleMemory();
    }
    const ingest = rows / ((performance.now() - started) / 1000);
    const rss = peakRss;

    // The same rows for PostgreSQL, written outside the timed phases.
    const csv = path.join(tmpdir(), `bench-${years}y.csv`);
    rmSync(csv, { force: true });
    for (const month of monthsOfRows(start, years)) {
      writeFileSync(csv, `${month.map((row) => `${row.point},${new Date(row.at).toISOString()},${row.value}`).join('\n')}\n`, { flag: 'a' });
    }
    execFileSync('chmod', ['644', csv]);

    // 2. Daily diff over the whole range: ours, PostgreSQL, naive.
    const end = DateTime.fromMillis(start, { zone: ZONE }).plus({ years }).toMillis();
    const query = {
      points: pointIds.map((point) => ({ point, calculation: 'diff' })),
      sampling: 'day',
      period_type: 'dateToDate',
      period: 'year',
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
    };
    const timedQueries = async (body: unknown, runs: number): Promise<{ times: number[]; answer: SeriesAnswer }> => {
      const times: number[] = [];
      let answer: SeriesAnswer | null = null;
      for (let run = 0; run < runs; run += 1) {
        const t = performance.now();
        const reply = await api('POST', '/api/v1/series/query', token, body);
        if (!reply.res) throw new Error(`Query failed: ${reply.msg}`);
        times.push(performance.now() - t);
        answer = reply.data;
      }
      return { times, answer: answer! };
    };
    await timedQueries(query, 2); // warm-up: Lambda containers, connections
    const ourRounds: number[] = [];
    let ours: SeriesAnswer | null = null;
    for (let round = 0; round < QUERY_ROUNDS; round += 1) {
      const { times, answer } = await timedQueries(query, QUERY_RUNS);
      ourRounds.push(percentile50(times));
      ours = answer;
    }
    const lastYearStart = DateTime.fromMillis(end, { zone: ZONE }).minus({ years: 1 }).toMillis();
    const lastYearQuery = { ...query, start: new Date(lastYearStart).toISOString() };
    await timedQueries(lastYearQuery, 2);
    const lastYear = percentile50((await timedQueries(lastYearQuery, QUERY_RUNS)).times);
    postgres.load(csv);
    rmSync(csv, { force: true });
    const pgTimes: number[] = [];
    let pgAnswer = new Map<string, number>();
    for (let run = 0; run < QUERY_RUNS; run += 1) {
      const t = performance.now();
      pgAnswer = postgres.dailyDiff();
      pgTimes.push(performance.now() - t);
    }
    const naiveTimes: number[] = [];
    for (let run = 0; run < NAIVE_RUNS; run += 1) {
      const t = performance.now();
      for (const pointId of pointIds) {
        const daily = new Map<string, number>();
        for (let month = start; month < end; month = DateTime.fromMillis(month, { zone: 'UTC' }).plus({ months: 1 }).startOf('month').toMillis()) {
          const partition = seriesKeys.rawPartition({ customerId: CUSTOMER, pointId }, new Date(month).toISOString().slice(0, 7).replace('-', ''));
          let key: Record<string, unknown> | undefined;
          do {
            const page = await documents.send(
              new QueryCommand({ TableName: deployment.seriesTable, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': partition }, ExclusiveStartKey: key }),
            );
            // Hour items of raw values (issue 41): each holds its hour's values.
            for (const entry of entriesOfRawItems(page.Items ?? [])) {
              const day = DateTime.fromMillis(entry.at, { zone: ZONE }).toISODate()!;
              daily.set(day, entry.value);
            }
            sampleMemory();
            key = page.LastEvaluatedKey;
          } while (key);
        }
        const lasts = [...daily].sort(([a], [b]) => a.localeCompare(b));
        lasts.map(([, last], index) => (index > 0 ? last - lasts[index - 1][1] : 0));
      }
      naiveTimes.push(performance.now() - t);
    }

    // 3. Every bucket equal to PostgreSQL's.
    let equal = true;
    let compared = 0;
    ours!.series.forEach((series, point) => {
      for (const bucket of bucketsOf(ours!, point)) {
        const expected = pgAnswer.get(`${point}|${bucket.date.slice(0, 10)}`);
        if (expected === undefined && bucket.value === null) continue;
        compared += 1;
        if (expected !== bucket.value) {
          if (equal) console.log(`  first difference: point ${point} ${bucket.date}: ours ${bucket.value}, PostgreSQL ${expected}`);
          equal = false;
        }
      }
    });
    return {
      rows,
      ours: percentile50(ourRounds),
      ourRounds,
      lastYear,
      naive: percentile50(naiveTimes),
      pg: percentile50(pgTimes),
      ingest,
      equal: equal && compared === pgAnswer.size,
      compared,
      expected: pgAnswer.size,
      rss,
    };
  });

const main = async () => {
  postgres.start();
  const results: Record<number, SizeResult> = {};
  try {
    const start = DateTime.fromISO('2020-01-01T00:00:00', { zone: ZONE }).toMillis();
    for (const years of SIZES) {
      const raw = await measureCeiling(years, start);
      const result: SizeResult = { ...(await measureEngine(years, start)), raw };
      results[years] = result;
      console.log(
        `${years} year(s), ${result.rows} rows: ingest ${Math.round(result.ingest)} rows/s with rollups vs ${Math.round(raw)} rows/s raw ceiling ` +
          `(${(result.ingest / raw).toFixed(2)}), peak RSS ${(result.rss / 1024 / 1024).toFixed(0)} MiB; daily diff p50: ours ${result.ours.toFixed(1)} ms, ` +
          `PostgreSQL ${result.pg.toFixed(1)} ms, naive ${result.naive.toFixed(0)} ms (${NAIVE_RUNS} runs); buckets compared ${result.compared}/${result.expected}, equal ${result.equal}`,
      );
      console.log(
        `  ours: p50 of ${QUERY_RUNS} in ${QUERY_ROUNDS} rounds ${result.ourRounds.map((time) => time.toFixed(1)).join(' / ')} ms (median ${result.ours.toFixed(1)}); ` +
          `the last year alone ${result.lastYear.toFixed(1)} ms`,
      );
    }
  } finally {
    postgres.stop();
  }
  const [small, large] = [results[SIZES[0]], results[SIZES.at(-1)!]];
  console.log(
    `Same answer, ${(large.rows / small.rows).toFixed(1)}x the rows (the last year of each set): ours ${small.lastYear.toFixed(1)} -> ${large.lastYear.toFixed(1)} ms ` +
      `(${(large.lastYear / small.lastYear).toFixed(2)}x)`,
  );
  console.log(
    `series-bench: growth=${(large.ours / small.ours).toFixed(2)} naive_ratio=${(small.naive / small.ours).toFixed(1)} ` +
      `pg_ratio=${(small.pg / small.ours).toFixed(2)} ingest_ratio=${(small.ingest / small.raw).toFixed(2)} ` +
      `equal=${Object.values(results).every((result) => result.equal)}`,
  );
};

await main();
