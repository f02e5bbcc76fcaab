import { createWriteStream, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { deployToEmulator, generateDemoPasswords, seedDemoData, type Deployment } from '../../infra/local/deploy';
import { awsEnvironment, startEmulator } from '../../infra/local/emulator';
import { startSftpServer } from '../support/file-servers';

/**
 * `npm run bench:import`: meter files on a real SFTP server on loopback, taken end to end by an
 * SFTP retriever (listing, settle rule, copy into S3, streamed import through the bulk path into
 * rollups), in a fresh emulator:
 * - a 100,000-row and a 1,000,000-row CSV (100 points, rows in time order as meters export them);
 * - rows/s from the retrieval's start to the file treated;
 * - peak resident memory of the import function's worker process (sampled every 100 ms; the
 *   emulator does not enforce Lambda memory, so it is measured here);
 * - the emulator's raw write ceiling measured in the same run: the same number of rows through
 *   plain BatchWriteItem (25 a call, as the import writes) into a table made like the series table;
 * - a second import of the same 1M file: values written (must be 0).
 * Last line: `import-bench: rows_per_s=… ceiling_ratio=… peak_mib_100k=… peak_mib_1m=… second_run_writes=…`.
 */
const PORT = Number(process.env.BENCH_EMULATOR_PORT ?? 4631);
const POINTS = 100;
const STEP_MS = 15 * 60_000;
const ZONE_START = Date.parse('2025-01-01T00:00:00Z');

type Api = <T>(method: string, apiPath: string, body?: unknown) => Promise<{ res: boolean; data: T; msg?: string }>;

/** A meter file of `rowsPerPoint` rows for each of the points, time by time (all points at each time), streamed to disk. */
const writeMeterFile = async (file: string, rowsPerPoint: number, from: number): Promise<number> => {
  const out = createWriteStream(file);
  out.write('technical_id;date;value\n');
  let rows = 0;
  for (let step = 0; step < rowsPerPoint; step += 1) {
    const at = new Date(from + step * STEP_MS).toISOString().replace('.000Z', 'Z');
    let chunk = '';
    for (let point = 0; point < POINTS; point += 1) chunk += `BENCH-${String(point).padStart(3, '0')};${at};${(step * 0.25 + point).toFixed(2)}\n`;
    rows += POINTS;
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return rows;
};

/** The highest resident memory of the emulator's worker processes of one function while `work` runs. */
const peakMemoryOf = async <T>(functionName: string, work: () => Promise<T>): Promise<{ result: T; peakMiB: number }> => {
  let peak = 0;
  const sample = () => {
    for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`ministack-lambda-${functionName}`)) continue;
        const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        if (rss) peak = Math.max(peak, Number(rss[1]) / 1024);
      } catch {
        // The process ended between the listing and the read.
      }
    }
  };
  const timer = setInterval(sample, 100);
  try {
    return { result: await work(), peakMiB: peak };
  } finally {
    clearInterval(timer);
  }
};

/** Rows per second the emulator takes through plain BatchWriteItem into a table made like the series table. */
const measureCeiling = async (rows: number): Promise<number> => {
  const tables = new DynamoDBClient({});
  const documents = DynamoDBDocumentClient.from(tables);
  const TableName = `bench-ceiling-${rows}`;
  await tables.send(
    new CreateTableCommand({
      TableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' }, { AttributeName: 'SK', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }, { AttributeName: 'SK', KeyType: 'RANGE' }],
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }),
  );
  const started = performance.now();
  for (let offset = 0; offset < rows; offset += 25) {
    await documents.send(
      new BatchWriteCommand({
        RequestItems: {
          [TableName]: Array.from({ length: Math.min(25, rows - offset) }, (_, index) => {
            const row = offset + index;
            const at = ZONE_START + Math.floor(row / POINTS) * STEP_MS;
            return { PutRequest: { Item: { PK: `S#cust-bench#pt-${row % POINTS}#${new Date(at).toISOString().slice(0, 7)}`, SK: String(at).padStart(13, '0'), t: at, v: row, s: '1', z: 'Europe/Paris', c: 'cust-bench', b: 1 } } };
          }),
        },
      }),
    );
  }
  return rows / ((performance.now() - started) / 1000);
};

interface FileResult {
  rows: number;
  seconds: number;
  peakMiB: number;
  written: number;
  fileId: string;
}

const main = async () => {
  const emulator = await startEmulator(PORT, 'bench-import');
  const root = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
  try {
    Object.assign(process.env, awsEnvironment(emulator.endpoint));
    console.log('Deploying ...');
    const deployment: Deployment = await deployToEmulator(emulator.endpoint, 'bench-import');
    const passwords = generateDemoPasswords();
    await seedDemoData(deployment, passwords);
    const call = async (method: string, apiPath: string, token: string | null, body?: unknown) => {
      const answer = await fetch(`${deployment.restBaseUrl}${apiPath}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await answer.json()) as { res: boolean; data: any; msg?: string };
    };
    const login = await call('POST', '/api/v1/users/authenticate', null, { user: { email: 'admin@energie-plus.example', password: passwords.premiumAdministrator } });
    const token = login.data.user.jwt as string;
    const customerId = login.data.customer._id as string;
    const api: Api = (method, apiPath, body) => call(method, apiPath, token, body);

    for (let point = 0; point < POINTS; point += 1) {
      const technicalId = `BENCH-${String(point).padStart(3, '0')}`;
      const created = await api('POST', '/api/v1/points', { name: `Banc ${technicalId}`, technical_id: technicalId, resource: 'electricity', series_type: 'measure', unit: 'kWh', location: ['loc-grenoble'] });
      if (!created.res) throw new Error(`point not created: ${JSON.stringify(created)}`);
    }

    const sftp = await startSftpServer({ root, user: 'releves', password: 'bench-sftp-password' });
    const retriever = await api<{ _id: string }>('POST', '/api/v1/ftp', {
      host: sftp.host,
      port: sftp.port,
      user: sftp.user,
      password: sftp.password,
      path: '/',
      active: true,
      timeInterval: 30,
      isSftp: true,
    });
    if (!retriever.res) throw new Error(`retriever not created: ${JSON.stringify(retriever)}`);
    const lambda = new LambdaClient({});

    const treatedFile = async (name: string) => {
      for (;;) {
        const lists = (await api<Record<string, { _id: string; name: string; state: string; outcome: { written: number; rows_read: number } | null; error: string | null }[]>>('GET', '/api/v1/data/not-treated-files')).data;
        const file = Object.values(lists).flat().find((entry) => entry.name === name);
        if (file?.state === 'treated') return file;
        if (file?.state === 'treatment_error') throw new Error(`import of ${name} failed: ${file.error}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };

    /** A file put on the SFTP server and taken by the retriever, timed from the retrieval's start to the file treated. */
    const importThroughSftp = async (name: string, rowsPerPoint: number, from: number): Promise<FileResult> => {
      const rows = await writeMeterFile(path.join(root, name), rowsPerPoint, from);
      const { result, peakMiB } = await peakMemoryOf(deployment.fileImportsFunctionName, async () => {
        const started = performance.now();
        await lambda.send(
          new InvokeCommand({
            FunctionName: deployment.scheduledJobsFunctionName,
            InvocationType: 'Event',
            Payload: new TextEncoder().encode(JSON.stringify({ kind: 'ftp', id: retriever.data._id, customerId })),
          }),
        );
        const file = await treatedFile(name);
        return { file, seconds: (performance.now() - started) / 1000 };
      });
      rmSync(path.join(root, name));
      if (result.file.outcome?.rows_read !== rows) throw new Error(`${name}: ${result.file.outcome?.rows_read} rows read of ${rows}`);
      return { rows, seconds: result.seconds, peakMiB, written: result.file.outcome.written, fileId: result.file._id };
    };

    console.log('100k rows ...');
    const small = await importThroughSftp('releves-100k.csv', 1_000, Date.parse('2025-01-01T00:00:00Z'));
    console.log(`  ${small.rows} rows in ${small.seconds.toFixed(1)} s: ${Math.round(small.rows / small.seconds)} rows/s, peak ${small.peakMiB.toFixed(0)} MiB`);
    console.log('1M rows ...');
    const large = await importThroughSftp('releves-1m.csv', 10_000, Date.parse('2026-01-01T00:00:00Z'));
    const rowsPerSecond = large.rows / large.seconds;
    console.log(`  ${large.rows} rows in ${large.seconds.toFixed(1)} s: ${Math.round(rowsPerSecond)} rows/s, peak ${large.peakMiB.toFixed(0)} MiB`);

    console.log('Second run of the 1M file ...');
    await api('PUT', '/api/v1/data/re-import', { file: large.fileId });
    const again = await (async () => {
      for (;;) {
        const lists = (await api<Record<string, { _id: string; state: string; outcome: { written: number } | null }[]>>('GET', '/api/v1/data/not-treated-files')).data;
        const file = Object.values(lists).flat().find((entry) => entry._id === large.fileId);
        if (file?.state === 'treated' && file.outcome) return file.outcome.written;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();

    console.log('Raw write ceiling ...');
    const ceiling = await measureCeiling(large.rows);
    console.log(`  ${Math.round(ceiling)} rows/s through plain BatchWriteItem`);
    await sftp.close();
    console.log(
      `import-bench: rows_per_s=${Math.round(rowsPerSecond)} ceiling_ratio=${(rowsPerSecond / ceiling).toFixed(2)} ` +
        `peak_mib_100k=${small.peakMiB.toFixed(0)} peak_mib_1m=${large.peakMiB.toFixed(0)} second_run_writes=${again}`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
    await emulator.stop();
  }
};

await main();
