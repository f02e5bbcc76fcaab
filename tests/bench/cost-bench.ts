import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DynamoDBClient, GetItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { InvokeCommand, LambdaClient, paginateListFunctions } from '@aws-sdk/client-lambda';
import { GetScheduleCommand, ListSchedulesCommand, SchedulerClient, UpdateScheduleCommand } from '@aws-sdk/client-scheduler';
import WebSocket from 'ws';
import { buildWeb } from '../../infra/local/build-web';
import { deployToEmulator, generateDemoPasswords, probePrinting, seedDemoData, seedDemoSeries, type Deployment } from '../../infra/local/deploy';
import { startDemoObjenious } from '../../infra/local/demo-objenious';
import { awsEnvironment, startEmulator } from '../../infra/local/emulator';
import { startWebServer } from '../../infra/local/web-server';
import { fromRoot } from '../../infra/lib/paths';
import { callAwsJson } from '../../functions/src/clients/aws-json-request';
import { itemSize, storageBytes, type Item } from '../../functions/src/usage/dynamodb-units';
import { startFtpServer } from '../support/file-servers';
import { argument } from './bench-api';
import {
  factorOf,
  fixedLines,
  formatUsd,
  lastLine,
  linesOfSample,
  memoryAdvice,
  NO_DRIVER_COUNTS,
  shortFunctionName,
  storageLines,
  summarize,
  type CostLine,
  type DriverCounts,
  type FunctionConfig,
  type PriceTable,
  type UsageLine,
  type WorkSample,
  withAuthorizerCache,
} from './cost/cost-model';
import { countFixedResources, synthesizedTemplates } from './cost/fixed-resources';

/**
 * `npm run bench:cost [-- --opens 6 --reports yes]` — issue 41: what a reference customer's
 * month costs on AWS (eu-west-3, on-demand), computed from counts.
 *
 * Its own emulator deployment, every invocation metered (`usageSampleRate=1`: each function
 * writes one `usage` line, functions/src/usage/meter.ts, which the bench reads from the
 * emulator's log). Each kind of the reference customer's work is run once on a sample — a day's
 * FTP file, one alert tick, a few dashboard opens… — and scaled to a month by a factor printed
 * beside it. The bench counts what it sends itself (REST requests and their bytes, WebSocket
 * messages, scheduler invocations). Prices: tests/bench/cost/prices-eu-west-3.json. The fixed
 * cost (keys, secrets, WAF, alarms, dashboard, the deployment's own sweeps) is counted in the
 * synthesized app and printed apart. docs/benchmarks/cost.md says the method and the runs.
 */
const PORT = Number(argument('port', '4613'));
const WEB_PORT = Number(argument('web-port', '8213'));
const OPENS = Number(argument('opens', '6'));
const WITH_REPORTS = argument('reports', 'yes') === 'yes';
const NAME = 'bench-cost';
const CUSTOMER = 'cust-energie-plus';

/** The reference customer (issue 41). */
const REFERENCE = {
  sites: 20,
  points: 500,
  ftpPoints: 250,
  sourcePoints: 250,
  /** One data source per site for the points fetched (an assumption: the issue names the points, not the sources). */
  sources: 20,
  users: 25,
  opensPerWorkingDay: 6,
  alerts: 40,
  subscriptions: 10,
  exportsPerWeek: 5,
  /** Working hours a day the realtime channel is open (an assumption: 8:00–18:00). */
  workingHours: 10,
};
const DAYS_IN_MONTH = 365.25 / 12;
const WORKING_DAYS_IN_MONTH = (DAYS_IN_MONTH * 5) / 7;
const WEEKS_IN_MONTH = DAYS_IN_MONTH / 7;
const VALUES_PER_POINT_DAY = 144;
/** Months of data the customer keeps stored (its storage line prices that much history). */
const HISTORY_MONTHS = Number(argument('history-months', '12'));
/** The retriever's interval (the product's default, minutes): it looks at the server that often, a file or not. */
const FTP_INTERVAL = 15;
/** The sources' fetch interval (the product's default, minutes). */
const FETCH_INTERVAL = 15;
/**
 * The measured day: the customer's series hold, before it, half a month of hours and half a year of
 * days (one value an hour from the 1st, one a day from mid-May), so the rollup packs that imports
 * and fetches rewrite (an item per point for the hours of a UTC month, another for the days of a
 * UTC year) are as full as on an average day.
 */
const MEASURED_DAY = '2026-11-16';
const MEASURED_AT = Date.parse(`${MEASURED_DAY}T00:00:00Z`);
const ZONE = 'Europe/Paris';
/** The alerts' cron: the product's presets have no 15-minute one (hourly is the shortest but one), so a custom cron time. */
const ALERT_CRON = '*/15 * * * *';
/** The alerts' first measured tick: noon UTC of the measured day, its last complete hour full of the FTP file's values. */
const ALERT_TICK = MEASURED_AT + 12 * 3_600_000;
/** Only to compare the month with a price in euros; not a market figure. */
const USD_PER_EUR = 1.1;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The functions' log lines, as CloudWatch Logs holds them: every invocation's output lands in its
 * function's log group, in the emulator as on AWS (the emulator's own log shows only some).
 */
const cloudWatchLogs = (endpoint: string) => {
  const call = async <T>(operation: string, body: Record<string, unknown>): Promise<T> => {
    const { ok, status, payload } = await callAwsJson<T>({ endpoint, region: 'us-east-1', service: 'logs', target: `Logs_20140328.${operation}`, body: JSON.stringify(body) });
    if (!ok) throw new Error(`CloudWatch Logs ${operation} answered ${status}: ${JSON.stringify(payload)}`);
    return payload;
  };
  const groups = async (): Promise<string[]> => {
    const names: string[] = [];
    let nextToken: string | undefined;
    do {
      const page = await call<{ logGroups?: { logGroupName: string }[]; nextToken?: string }>('DescribeLogGroups', nextToken ? { nextToken } : {});
      names.push(...(page.logGroups ?? []).map((group) => group.logGroupName));
      nextToken = page.nextToken;
    } while (nextToken);
    return names;
  };
  /** The messages of every group since `startTime` (ms) holding `phrase`. */
  const messagesSince = async (startTime: number, phrase: string): Promise<string[]> => {
    const found = await Promise.all(
      (await groups()).map(async (logGroupName) => (await call<{ events?: { message: string }[] }>('FilterLogEvents', { logGroupName, startTime, filterPattern: `"${phrase}"` })).events ?? []),
    );
    return found.flat().map((event) => event.message);
  };
  return {
    messagesSince,
    usageSince: async (startTime: number): Promise<UsageLine[]> =>
      (await messagesSince(startTime, 'usage')).filter((message) => message.includes('"message":"usage"')).map((message) => JSON.parse(message.slice(message.indexOf('{'))) as UsageLine),
  };
};
type Logs = ReturnType<typeof cloudWatchLogs>;

/**
 * Runs `work`, then waits until the functions have written `until` (when given: the end of what it
 * started asynchronously, an import) and have then been quiet (no new usage line) for `idleMs`:
 * what the work started (rollups, pushes, PDFs, forwarded logs) is its own.
 */
const measured = async (logs: Logs, work: () => Promise<Partial<DriverCounts> | void>, idleMs = 5000, until?: string, maxMs = 600_000) => {
  // What the setup started (its log lines forwarded, its jobs) ends before the sample begins.
  for (let waited = 0; waited < 60_000; waited += 3000) {
    const since = Date.now();
    await sleep(3000);
    if ((await logs.usageSince(since)).length === 0) break;
  }
  const start = Date.now() - 1;
  const driver = { ...NO_DRIVER_COUNTS, ...((await work()) ?? {}) };
  const deadline = Date.now() + maxMs;
  if (until) {
    while (Date.now() < deadline && (await logs.messagesSince(start, until)).length === 0) await sleep(1000);
    if (Date.now() >= deadline) throw new Error(`No "${until}" in the functions' logs within ${maxMs / 1000} s`);
  }
  let seen = -1;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    const count = (await logs.usageSince(start)).length;
    if (count !== seen) {
      seen = count;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= idleMs) break;
    await sleep(1000);
  }
  return { usage: await logs.usageSince(start), driver };
};

/**
 * Turns off every schedule of the deployment: the emulator fires them as AWS would, and a schedule
 * firing during another kind of work's sample would be counted with it. The bench starts each job
 * itself, as its schedule would, and counts the scheduler's invocations.
 */
const disableSchedules = async (scheduler: SchedulerClient): Promise<number> => {
  let disabled = 0;
  let nextToken: string | undefined;
  do {
    const page = await scheduler.send(new ListSchedulesCommand({ NextToken: nextToken }));
    for (const listed of page.Schedules ?? []) {
      if (listed.State === 'DISABLED') continue;
      const schedule = await scheduler.send(new GetScheduleCommand({ Name: listed.Name, GroupName: listed.GroupName }));
      await scheduler.send(
        new UpdateScheduleCommand({
          Name: schedule.Name,
          GroupName: schedule.GroupName,
          ScheduleExpression: schedule.ScheduleExpression,
          ScheduleExpressionTimezone: schedule.ScheduleExpressionTimezone,
          FlexibleTimeWindow: schedule.FlexibleTimeWindow,
          Target: schedule.Target,
          Description: schedule.Description,
          StartDate: schedule.StartDate,
          EndDate: schedule.EndDate,
          ActionAfterCompletion: schedule.ActionAfterCompletion,
          State: 'DISABLED',
        }),
      );
      disabled += 1;
    }
    nextToken = page.NextToken;
  } while (nextToken);
  return disabled;
};

/** The REST API as a browser's calls reach it, counting requests and answer bytes. */
const countingApi = (deployment: Deployment) => {
  const counts = { requests: 0, bytes: 0 };
  const call = async (method: string, apiPath: string, token: string | null, body?: unknown) => {
    const answer = await fetch(`${deployment.restBaseUrl}${apiPath}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    counts.requests += 1;
    counts.bytes += Buffer.byteLength(text);
    const parsed = JSON.parse(text) as { res: boolean; data: any; msg?: string };
    if (!parsed.res) throw new Error(`${method} ${apiPath} answered ${answer.status} ${parsed.msg ?? ''}`);
    return parsed.data;
  };
  const take = () => {
    const taken = { restRequests: counts.requests, restBytes: counts.bytes };
    counts.requests = 0;
    counts.bytes = 0;
    return taken;
  };
  return { call, take };
};

/** A meter file of one day at ten-minute data for the points, as a retriever finds it on the FTP server. */
const dayFile = (technicalIds: string[], day: string): string => {
  let text = 'technical_id;date;value\n';
  for (let step = 0; step < VALUES_PER_POINT_DAY; step += 1) {
    const at = new Date(Date.parse(`${day}T00:00:00Z`) + step * 600_000).toISOString().replace('.000Z', 'Z');
    technicalIds.forEach((id, point) => {
      text += `${id};${at};${(step * 0.25 + point).toFixed(2)}\n`;
    });
  }
  return text;
};

/**
 * Bytes DynamoDB stores per ten-minute value of a point on the measured day: its raw hour items
 * (size and 100 bytes of overhead each, shared by the hour's values) and its share of the rollup packs (24 hour buckets and a day
 * bucket, at the bytes per bucket of the point's packs). Read for a few points, not scanned.
 */
const storedBytesPerValue = async (dynamo: DynamoDBClient, table: string, pointId: string): Promise<number> => {
  const owner = `${CUSTOMER}#${pointId}`;
  // Raw values packed per point and UTC hour (issue 41): the day's 24 hour items, `h` + the hour's start.
  const from = `h${String(MEASURED_AT).padStart(13, '0')}`;
  const to = `h${String(MEASURED_AT + 86_400_000 - 3_600_000).padStart(13, '0')}`;
  const raw = await dynamo.send(
    new QueryCommand({ TableName: table, KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to', ExpressionAttributeValues: { ':pk': { S: `S#${owner}#${MEASURED_DAY.slice(0, 7).replace('-', '')}` }, ':from': { S: from }, ':to': { S: to } } }),
  );
  const rawBytes = (raw.Items ?? []).reduce((sum, item) => sum + storageBytes(itemSize(item as Item)), 0);
  const perBucket = async (level: string, pack: string) => {
    const { Item } = await dynamo.send(new GetItemCommand({ TableName: table, Key: { PK: { S: `R#${owner}#${level}` }, SK: { S: pack } } }));
    const buckets = (Item?.col_start?.B?.byteLength ?? 0) / 8;
    return Item && buckets ? storageBytes(itemSize(Item as Item)) / buckets : 0;
  };
  // Hours packed by UTC day (yyyyMMdd), days by UTC month (yyyyMM): see functions/src/data/series-keys.ts.
  const packs = 24 * (await perBucket('hour', MEASURED_DAY.replaceAll('-', ''))) + (await perBucket('day', MEASURED_DAY.slice(0, 7).replace('-', '')));
  // An hour item holds its values' times as 4 bytes each (column `o`).
  const values = (raw.Items ?? []).reduce((sum, item) => sum + (item.o?.B?.byteLength ?? 0) / 4, 0);
  return (rawBytes + packs) / Math.max(1, values);
};

const main = async () => {
  const prices = JSON.parse(readFileSync(fromRoot('tests/bench/cost/prices-eu-west-3.json'), 'utf8')) as PriceTable;
  // Offline first: the fixed resources as the AWS deployment synthesizes them (no emulator needed).
  const fixed = countFixedResources(synthesizedTemplates());
  const started = performance.now();
  const emulator = await startEmulator(PORT, NAME);
  let web: Awaited<ReturnType<typeof startWebServer>> | undefined;
  const closers: (() => Promise<void>)[] = [];
  try {
    Object.assign(process.env, awsEnvironment(emulator.endpoint));
    console.log('Deploying (every invocation metered) ...');
    const [deployment] = await Promise.all([
      deployToEmulator(emulator.endpoint, NAME, { usageSampleRate: 1, ...(WITH_REPORTS ? { appUrl: `http://127.0.0.1:${WEB_PORT}` } : {}) }),
      WITH_REPORTS ? buildWeb() : Promise.resolve(),
    ]);
    if (WITH_REPORTS) web = await startWebServer(deployment, WEB_PORT);
    const passwords = generateDemoPasswords();
    await seedDemoData(deployment, passwords);
    // Five weeks of the demo points' ten-minute values: the dashboard's widgets read rollups that exist.
    await seedDemoSeries(deployment, 35);
    Object.assign(process.env, { ENTITIES_TABLE: deployment.entitiesTable, SERIES_TABLE: deployment.seriesTable });
    const { putItems } = await import('../../functions/src/data/table');
    const { keys } = await import('../../functions/src/data/keys');

    const lambda = new LambdaClient({});
    const dynamo = new DynamoDBClient({});
    const logs = cloudWatchLogs(emulator.endpoint);
    const schedulerClient = new SchedulerClient({});
    const scheduler = {
      /** disableSchedules, or a warning: then a schedule firing during a sample is counted with it. */
      quiet: async (): Promise<number> => {
        try {
          return await disableSchedules(schedulerClient);
        } catch (error) {
          console.log(`  schedules not turned off (${String(error).split('\n')[0]}): one firing during a sample is counted with it`);
          return 0;
        }
      },
    };
    console.log(`${await scheduler.quiet()} schedules turned off (the deployment's sweeps, the demo's): the bench starts each job itself`);
    const functions = new Map<string, FunctionConfig>();
    for await (const page of paginateListFunctions({ client: lambda }, {}))
      for (const fn of page.Functions ?? []) functions.set(fn.FunctionName!, { memoryMb: fn.MemorySize ?? 128, architecture: fn.Architectures?.[0] === 'x86_64' ? 'x86_64' : 'arm64' });
    const invoke = async (functionName: string, payload: unknown) => {
      const answer = await lambda.send(new InvokeCommand({ FunctionName: functionName, Payload: new TextEncoder().encode(JSON.stringify(payload)) }));
      const text = new TextDecoder().decode(answer.Payload);
      if (answer.FunctionError) throw new Error(`${functionName} failed: ${text}`);
      return text ? JSON.parse(text) : null;
    };

    const api = countingApi(deployment);
    const login = await api.call('POST', '/api/v1/users/authenticate', null, { user: { email: 'admin@energie-plus.example', password: passwords.premiumAdministrator } });
    const token = login.user.jwt as string;
    const userId = login.user._id as string;

    // The reference customer's FTP points, written as a save writes them (the point, in list order, and its technical id's claim).
    const { pointItem } = await import('../../functions/src/data/point-repository');
    const template = (await api.call('GET', '/api/v1/points', token)).find((point: { _id: string }) => point._id === 'pt-elec-index');
    const now = new Date().toISOString();
    const ftpIds = Array.from({ length: REFERENCE.ftpPoints }, (_, index) => `COST-FTP-${String(index).padStart(3, '0')}`);
    await putItems(
      ftpIds.flatMap((technicalId, index) => {
        const point = { ...template, _id: `pt-cost-${index}`, name: `Compteur ${technicalId}`, technical_id: technicalId, series_type: 'measure', created_at: now, updated_at: now };
        return [
          pointItem(point),
          { ...keys.technicalId(CUSTOMER, technicalId), kind: 'technical-id', point: point._id },
        ];
      }),
    );
    const sourceIds = Array.from({ length: REFERENCE.sourcePoints }, (_, index) => `COST-SRC-${String(index).padStart(3, '0')}`);
    await putItems(
      sourceIds.flatMap((technicalId, index) => {
        const point = { ...template, _id: `pt-src-${index}`, name: `Capteur ${technicalId}`, technical_id: technicalId, series_type: 'measure', created_at: now, updated_at: now };
        return [
          pointItem(point),
          { ...keys.technicalId(CUSTOMER, technicalId), kind: 'technical-id', point: point._id },
        ];
      }),
    );
    api.take();
    const { pointsOfCustomerById } = await import('../../functions/src/services/series-service');
    const { storeValuesInBulk } = await import('../../functions/src/services/series-write-service');
    const points = await pointsOfCustomerById(CUSTOMER);
    const pointIds = [...ftpIds.map((_, index) => `pt-cost-${index}`), ...sourceIds.map((_, index) => `pt-src-${index}`)];
    const valuesAt = (ids: readonly string[], at: number) =>
      ids.map((pointId, index) => ({ pointId, customerId: CUSTOMER, at, value: Math.round((50 + 30 * Math.sin(at / 86_400_000 + index)) * 10) / 10, status: '1' as const, zone: ZONE }));
    const loading = performance.now();
    const history = [
      ...Array.from({ length: 168 }, (_, day) => MEASURED_AT - (183 - day) * 86_400_000 + 12 * 3_600_000),
      ...Array.from({ length: 15 * 24 }, (_, hour) => MEASURED_AT - (15 * 24 - hour) * 3_600_000 + 30 * 60_000),
    ];
    for (let first = 0; first < history.length; first += 24) {
      await storeValuesInBulk(CUSTOMER, history.slice(first, first + 24).flatMap((at) => valuesAt(pointIds, at)), points, { announce: false });
    }
    console.log(`History of ${pointIds.length} points (${history.length} values each: half a month of hours, half a year of days) loaded in ${((performance.now() - loading) / 1000).toFixed(0)} s`);
    const samples: WorkSample[] = [];
    const notMeasured: string[] = [];
    /** A measured kind of work; `sessions`: the sign-in sessions its REST calls came from (the authorizer's cache, withAuthorizerCache). */
    const sample = (entry: Omit<WorkSample, 'usage' | 'driver'>, result: { usage: UsageLine[]; driver: DriverCounts }, sessions = 1) => {
      const cached = withAuthorizerCache(result.usage, sessions);
      if (cached.dropped) console.log(`  ${entry.kind}: ${cached.dropped} authorizer runs left out (its 5-minute result cache: one per session)`);
      const complete = { ...entry, ...result, usage: cached.usage };
      samples.push(complete);
      console.log(
        `  ${entry.kind}: ${cached.usage.length} invocations for ${entry.measured} ${entry.unit}(s); ×${factorOf(entry).toFixed(1)} to a month (${entry.perMonth.toFixed(0)} ${entry.unit}s: ${entry.basis})`,
      );
      return complete;
    };
    /** One kind of work: a failure is printed as not measured, and the bench goes on with the others. */
    const attempt = async (what: string, work: () => Promise<void>) => {
      try {
        await work();
      } catch (error) {
        console.log(`  ${what}: not measured (${String(error).split('\n')[0]})`);
        notMeasured.push(`${what} (${String(error).split('\n')[0]})`);
      }
    };

    // 1. A day's FTP file for half the points, taken by the retriever and imported (rollups and pushes included).
    console.log('Measuring ...');
    let bytesPerValue = Number.NaN;
    await attempt('ftp import', async () => {
      const ftpRoot = mkdtempSync(path.join(tmpdir(), 'bench-cost-ftp-'));
      const ftp = await startFtpServer({ root: ftpRoot, user: 'releves', password: 'bench-cost-ftp' });
      closers.push(() => ftp.close());
      const retriever = await api.call('POST', '/api/v1/ftp', token, { host: ftp.host, port: ftp.port, user: ftp.user, password: ftp.password, path: '/', active: true, timeInterval: FTP_INTERVAL, isSftp: false });
      api.take();
      await scheduler.quiet();
      const socket = new WebSocket(`${deployment.socketUrl}?token=${encodeURIComponent(token)}`);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.send(JSON.stringify({ action: 'storeUserId', user_id: userId, user_role: 'administrator', navigator_id: 'bench-cost', customer_id: CUSTOMER }));
      writeFileSync(path.join(ftpRoot, `releves-${MEASURED_DAY}.csv`), dayFile(ftpIds, MEASURED_DAY));
      const ftpJob = { kind: 'ftp', id: retriever._id, customerId: CUSTOMER };
      sample(
        { kind: 'ftp import', unit: 'daily file', measured: 1, perMonth: DAYS_IN_MONTH, basis: `one file a day of ${REFERENCE.ftpPoints} points × ${VALUES_PER_POINT_DAY} values, one connected user hearing newData` },
        await measured(logs, async () => {
          await invoke(deployment.scheduledJobsFunctionName, ftpJob);
          return { schedulerInvocations: 1 };
        }, 8000, 'file imported', 300_000),
      );
      sample(
        { kind: 'ftp polls', unit: 'look without a new file', measured: 1, perMonth: DAYS_IN_MONTH * ((24 * 60) / FTP_INTERVAL) - DAYS_IN_MONTH, basis: `the retriever looks every ${FTP_INTERVAL} min` },
        await measured(logs, async () => {
          await invoke(deployment.scheduledJobsFunctionName, ftpJob);
          return { schedulerInvocations: 1 };
        }),
      );
      socket.close();
      const perValue = await Promise.all(['pt-cost-0', 'pt-cost-100', 'pt-cost-249'].map((pointId) => storedBytesPerValue(dynamo, deployment.seriesTable, pointId)));
      bytesPerValue = perValue.reduce((sum, bytes) => sum + bytes, 0) / perValue.length;
    });

    // 2. The data sources' fetches for the other half. A fetch's own work (the provider asked, nothing
    // new): the local Objenious stand-in, fetched once (its devices' last day) and then again, as
    // the schedule does. A fetch's values: what its 15 minutes bring (one or two values a point)
    // stored by the bulk path the fetch calls, on the measured day (packs at their average fill) —
    // run in this process, metered by the same meter (the stand-in cannot make 15 minutes of new
    // values without waiting them).
    await attempt('source polls', async () => {
      const objenious = await startDemoObjenious();
      closers.push(() => objenious.close());
      const source = await api.call('POST', '/api/v1/sources/custom', token, {
        name: 'Capteurs du banc',
        type: 'objenious',
        config: { custom: { endpoint: objenious.endpoint, api_version: 'v2', api_key: objenious.apiKey, auto_discover_devices: true, fetch_interval: FETCH_INTERVAL } },
      });
      api.take();
      await scheduler.quiet();
      // Since issue 41's cut, one schedule per customer and interval (source-schedule-service): one firing fetches the
      // customer's sources of the interval in one invocation. The bench customer has this one source: its firing is
      // measured (the invocation, its log forwarding, the sources' Query, one fetch) and scaled to the month's firings;
      // the other 19 fetches of each firing are one fetch measured alone, counted as work within the firing (no request
      // nor log forwarding of its own; its deleted-customer check, source read and locations read, once a firing or in
      // the firing's Query in production, are counted each time: a little high).
      const firing = { kind: 'sources', id: String(FETCH_INTERVAL), customerId: CUSTOMER };
      const firingsPerMonth = DAYS_IN_MONTH * ((24 * 60) / FETCH_INTERVAL);
      const first = (await invoke(deployment.scheduledJobsFunctionName, firing)) as { sources?: number } | null;
      if (first?.sources !== 1) throw new Error(`The firing of the ${FETCH_INTERVAL}-minute sources found ${String(first?.sources)} sources, not the bench's one`);
      sample(
        {
          kind: 'source poll firings',
          unit: 'firing',
          measured: 1,
          perMonth: firingsPerMonth,
          basis: `one schedule per customer and interval: its ${REFERENCE.sources} sources of ${FETCH_INTERVAL} min in one invocation (measured with the bench's one source fetched in it)`,
        },
        await measured(logs, async () => {
          await invoke(deployment.scheduledJobsFunctionName, firing);
          return { schedulerInvocations: 1 };
        }),
      );
      const sourceJob = { kind: 'source', id: source._id, customerId: CUSTOMER };
      const alone = await measured(logs, async () => {
        await invoke(deployment.scheduledJobsFunctionName, sourceJob);
      });
      const fetchWithin = alone.usage.filter((line) => line.fn === deployment.scheduledJobsFunctionName).map((line) => ({ ...line, within: true }));
      if (fetchWithin.length !== 1) throw new Error(`One fetch measured alone left ${fetchWithin.length} lines of the scheduled-jobs function, not 1`);
      sample(
        {
          kind: 'source polls',
          unit: 'further fetch of a firing',
          measured: 1,
          perMonth: (REFERENCE.sources - 1) * firingsPerMonth,
          basis: `the other ${REFERENCE.sources - 1} sources of each firing, each fetched within it`,
        },
        { usage: fetchWithin, driver: NO_DRIVER_COUNTS },
      );
    });
    await attempt('source values', async () => {
      const { finishUsage, startUsage } = await import('../../functions/src/usage/meter');
      const sourcePointIds = sourceIds.map((_, index) => `pt-src-${index}`);
      // An hour of fetches 15 minutes apart, bringing 1, 2, 1 and 2 ten-minute values a point (1.5 on
      // average): the first three defer their rollups (the first sets each point's pending mark), the
      // fourth, whose values reach the next hour, rolls up the hour (issue 41, docs/architecture/series.md).
      // Measured twice: an hour within the points' local day (its rollup writes hours only) and the
      // day's last hour, whose rollup brings the day's days and month up to date; a day is 23 of the
      // first and one of the second.
      const { storeFetchedValuesInBulk } = await import('../../functions/src/services/series-write-service');
      /**
       * The fetched points' last data dates as production has them: just before the fetched values
       * (the points' items and the fetch's known list alike), each fetch advancing them — as
       * `noteFetchedValues` does for the kept list — so each fetch updates its points' dates (issue
       * 41: runs 1 to 11 had dates far ahead of the values, and counted none of these writes).
       */
      const fetchedPoints = new Map([...points].filter(([pointId]) => sourcePointIds.includes(pointId)));
      const dateFrom = async (at: number) => {
        const iso = new Date(at).toISOString();
        for (const [pointId, point] of fetchedPoints) fetchedPoints.set(pointId, { ...point, last_data_date: iso });
        await putItems([...fetchedPoints.values()].map((point) => pointItem(point)));
      };
      // Each source's fetch records its points' dates in its one item (`C#<customer>#FETCHDATES` / `<source>`), the points' own items once a UTC day:
      // the points are shared among the reference customer's sources, one item each.
      const { recordFetchedDates } = await import('../../functions/src/data/fetched-dates-repository');
      const sourceOfPoint = (pointId: string) => `src-cost-${sourcePointIds.indexOf(pointId) % REFERENCE.sources}`;
      const recordDates = async (latest: ReadonlyMap<string, number>) => {
        const bySource = new Map<string, Map<string, number>>();
        for (const [pointId, at] of latest) bySource.set(sourceOfPoint(pointId), (bySource.get(sourceOfPoint(pointId)) ?? new Map()).set(pointId, at));
        await Promise.all([...bySource].map(([sourceId, dates]) => recordFetchedDates(CUSTOMER, sourceId, dates)));
      };
      const fetchAt = async (instants: readonly number[]) => {
        await storeFetchedValuesInBulk(CUSTOMER, instants.flatMap((at) => valuesAt(sourcePointIds, at)), fetchedPoints, { announce: false, recordDates });
        const iso = new Date(Math.max(...instants)).toISOString();
        for (const [pointId, point] of fetchedPoints) fetchedPoints.set(pointId, { ...point, last_data_date: iso });
      };
      /** An hour of fetches from `hour`; with `knownFrom`, the points' known dates are that instant's when the measured hour starts. */
      const fetchHour = async (hour: number, knownFrom?: number): Promise<UsageLine[]> => {
        const usage: UsageLine[] = [];
        const minutes = (count: number) => hour + count * 60_000;
        await dateFrom(minutes(-30));
        // The hour before's last two fetches, not measured: the measured hour starts as every hour does, its
        // points' marks moved on to its start by the rollup of the hour before (its first fetch writes no mark).
        for (const instants of [[minutes(-20)], [minutes(-10), minutes(0)]]) await fetchAt(instants);
        if (knownFrom !== undefined) await dateFrom(knownFrom);
        for (const instants of [[minutes(10)], [minutes(20), minutes(30)], [minutes(40)], [minutes(50), minutes(60)]]) {
          process.env.USAGE_SAMPLE_RATE = '1';
          startUsage(0);
          const begun = performance.now();
          await fetchAt(instants);
          const line = finishUsage(performance.now() - begun);
          delete process.env.USAGE_SAMPLE_RATE;
          // Stored by the scheduled jobs' function on AWS: its memory and architecture price it.
          // Its resident memory is the bench's process's, not a function's: left out.
          if (line) usage.push({ ...(line as unknown as UsageLine), rssMb: undefined, fn: deployment.scheduledJobsFunctionName });
        }
        return usage;
      };
      const withinDay = await fetchHour(MEASURED_AT);
      // Paris's day ends at 23:00 UTC in November. A point's own item is advanced once a UTC day, by the day's
      // first fetch (at 00:10 UTC): counted in this hour, the points' known dates set to the day before's, so
      // the sampled day holds that one update a point, as every day does.
      const lastHour = await fetchHour(MEASURED_AT + 22 * 3_600_000, MEASURED_AT - 10 * 60_000);
      const units = (lines: readonly UsageLine[]) => `${lines.reduce((sum, line) => sum + Number(line.wcu), 0)} WCU, ${lines.reduce((sum, line) => sum + Number(line.rcu), 0)} RCU`;
      console.log(`  source values: an hour within the local day ${units(withinDay)}, the day's last hour ${units(lastHour)} (4 fetches each)`);
      const usage = [...Array.from({ length: 23 }, () => withinDay).flat(), ...lastHour];
      sample(
        {
          kind: 'source values',
          unit: 'fetch of 15 min',
          measured: usage.length,
          perMonth: DAYS_IN_MONTH * ((24 * 60) / FETCH_INTERVAL),
          basis: `${REFERENCE.sourcePoints} points' new values every ${FETCH_INTERVAL} min, stored as a fetch stores them (in this process; pushes not counted); a day of fetches: 23 hours as the hour measured within the local day, one as its last hour`,
        },
        { usage, driver: NO_DRIVER_COUNTS },
      );
    });

    // 3. Dashboard opens: the shell's and the dashboard's calls (sign-in renewed, tabs, unread notifications, the page's widgets with their data) and the realtime channel.
    await attempt('dashboard', async () => {
      const dashboard = await measured(logs, async () => {
        let messages = 0;
        for (let open = 0; open < OPENS; open += 1) {
          await Promise.all([
            api.call('POST', '/api/v1/users/auto_login', null, { token }),
            api.call('GET', '/api/v1/tabs', token),
            api.call('GET', '/api/v1/notifications/unread', token),
            api.call('POST', '/api/v1/widgets/page-data', token, { page: null }),
          ]);
          const channel = new WebSocket(`${deployment.socketUrl}?token=${encodeURIComponent(token)}`);
          await new Promise((resolve, reject) => channel.once('open', resolve).once('error', reject));
          channel.send(JSON.stringify({ action: 'storeUserId', user_id: userId, user_role: 'administrator', navigator_id: `bench-cost-${open}`, customer_id: CUSTOMER, missed_ms: 1500 }));
          // The message sent; those pushed back are counted from the functions' PostToConnection calls.
          messages += 1;
          await sleep(300);
          channel.close();
        }
        // index.html and config.json from CloudFront; the hashed assets stay in the browser's cache.
        const indexBytes = WITH_REPORTS ? statSync(fromRoot('web/dist/index.html')).size : 1000;
        return { ...api.take(), websocketMessages: messages, staticRequests: 2 * OPENS, staticBytes: (indexBytes + 500) * OPENS };
    });
    sample({ kind: 'dashboard', unit: 'dashboard open', measured: OPENS, perMonth: REFERENCE.users * REFERENCE.opensPerWorkingDay * WORKING_DAYS_IN_MONTH, basis: `${REFERENCE.users} users × ${REFERENCE.opensPerWorkingDay} a working day` }, dashboard, OPENS);
    });
    samples.push({
      kind: 'realtime',
      unit: 'month',
      measured: 1,
      perMonth: 1,
      basis: `${REFERENCE.users} users connected ${REFERENCE.workingHours} h a working day`,
      usage: [],
      driver: { ...NO_DRIVER_COUNTS, websocketConnectionMinutes: REFERENCE.users * REFERENCE.workingHours * 60 * WORKING_DAYS_IN_MONTH },
    });

    // 4. Alerts: 40 on a 15-minute cron over the imported points, ticks of all of them as their schedules start them, at
    // two ticks of the measured day (whose data the FTP import wrote): the first of each alert records its state (printed
    // apart, not a month's), the second is the steady tick a month is made of.
    let firstAlertTick: { usage: UsageLine[]; outcomes: Record<string, number> } | null = null;
    await attempt('alerts', async () => {
      const alertIds: string[] = [];
      let alertCron = { expression: '', timezone: '' };
      for (let index = 0; index < REFERENCE.alerts; index += 1) {
        const alert = await api.call('POST', '/api/v1/alerts', token, {
          alert: {
            name: `Alerte ${index}`,
            points: [{ point: `pt-cost-${index}` }],
            sampling: 'hour',
            cron_time: ALERT_CRON,
            conditions: [[{ from_calculation: 'avg', operation: 'gt', to_value: 1e9 }]],
          },
        });
        alertIds.push(alert._id);
        alertCron = { expression: alert.schedule_expression, timezone: alert.timezone };
      }
      api.take();
      await scheduler.quiet();
      const outcomes: Record<string, number> = {};
      // Since issue 41's cut, one schedule per customer and cron (alert-schedule-service): one firing starts the 40, in
      // chunks of at most 25 (two jobs of 20) in the customer's alert lane taken by the workers it starts (as on AWS, where
      // the schedule's message goes through the scheduled-work queue; the queue's SQS requests are not counted).
      const { alertCronKey } = await import('../../functions/src/services/alert-schedules');
      const cron = alertCronKey(alertCron.expression, alertCron.timezone);
      const tick = (firedAt: number) =>
        measured(logs, async () => {
          const run = await invoke(deployment.scheduledJobsFunctionName, { kind: 'alerts', id: cron, customerId: CUSTOMER, firedAt });
          const outcome = `${firedAt === ALERT_TICK ? 'first' : 'steady'} firing: ${String(run?.alerts ?? 'unknown')} alerts, ${String(run?.chunks ?? 'unknown')} chunks, ${String(run?.queued ?? 'unknown')} queued`;
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
          return { schedulerInvocations: 1 };
        });
      const first = await tick(ALERT_TICK);
      firstAlertTick = { usage: first.usage, outcomes };
      const units = first.usage.reduce((sum, line) => ({ rcu: sum.rcu + line.rcu, wcu: sum.wcu + line.wcu }), { rcu: 0, wcu: 0 });
      console.log(`  alerts, first tick (not scaled: once per alert): ${first.usage.length} invocations, ${units.rcu.toFixed(1)} RCU, ${units.wcu.toFixed(1)} WCU`);
      sample(
        {
          kind: 'alerts',
          unit: 'steady tick of 40 alerts',
          measured: 1,
          perMonth: DAYS_IN_MONTH * 24 * 4,
          basis: `${REFERENCE.alerts} alerts every 15 min; the tick after each alert's first, over the measured day's data`,
        },
        await tick(ALERT_TICK + 15 * 60_000),
      );
      console.log(`  alerts' outcomes: ${Object.entries(outcomes).map(([outcome, count]) => `${count} ${outcome}`).join(', ')}`);
    });

    // 5. Exports e-mailed: a grid of the imported points' monthly values, sent by e-mail.
    await attempt('exports', async () => {
      const exportIds: string[] = [];
      for (let index = 0; index < REFERENCE.exportsPerWeek; index += 1) {
        const created = await api.call('POST', '/api/v1/exports/data', token, {
          name: `Export ${index}`,
          export_type: 'xlsx',
          email: { to: ['compta@energie-plus.example'] },
          content: Array.from({ length: 3 }, (_, row) => Array.from({ length: 10 }, (_, column) => [{ type: 'point_data', point_id: `pt-cost-${index * 10 + column}`, calculation: 'sum', sampling: 'day', offset: row }])),
        });
        exportIds.push(created._id);
      }
      api.take();
      sample(
        { kind: 'exports', unit: 'week of 5 e-mailed exports', measured: 1, perMonth: WEEKS_IN_MONTH, basis: `${REFERENCE.exportsPerWeek} exports e-mailed each week` },
        await measured(logs, async () => {
          for (const [index, id] of exportIds.entries()) await api.call('POST', `/api/v1/exports/data/${id}/email`, token, { end_date: MEASURED_DAY, sampling: 'day', request_key: `bench-cost-${index}-x` });
          return api.take();
        }, 6000),
      );
    });

    // 6. Report subscriptions: the demo's monthly subscription (its two-page report printed to PDF by the Chromium function, then e-mailed).
    if (WITH_REPORTS) await attempt('report subscriptions', async () => {
        const printing = await probePrinting(deployment);
        if (printing.ready)
          sample(
            { kind: 'report subscriptions', unit: 'subscription sent', measured: 1, perMonth: REFERENCE.subscriptions, basis: `${REFERENCE.subscriptions} monthly subscriptions` },
            await measured(logs, async () => {
              const run = await invoke(deployment.scheduledJobsFunctionName, { kind: 'subscription', id: 'sub-demo-monthly', customerId: CUSTOMER });
              if (!run?.sent) throw new Error(`The demo subscription was not sent: ${JSON.stringify(run)}`);
              return { schedulerInvocations: 1 };
            }, 8000),
          );
        else notMeasured.push(`report subscriptions (printing not ready: ${printing.reason})`);
    });
    else notMeasured.push('report subscriptions (--reports no)');

    // 7. The deployment's own sweeps, paid whatever the customers do (fixed).
    for (const schedule of fixed.schedules) {
      const target = schedule.name.startsWith('Outbox')
        ? { fn: deployment.scheduledJobsFunctionName, payload: { kind: 'outbox', id: 'sweep', customerId: '' } }
        : schedule.name.startsWith('CustomerPurge')
          ? { fn: deployment.customerDeletionFunctionName, payload: { kind: 'customer_purge_sweep' } }
          : null;
      if (!target) {
        notMeasured.push(`schedule ${schedule.name} (${schedule.expression})`);
        continue;
      }
      sample(
        { kind: `sweep ${schedule.name}`, unit: 'run', measured: 1, perMonth: schedule.perMonth, basis: schedule.expression, fixed: true },
        await measured(logs, async () => {
          await invoke(target.fn, target.payload);
          return { schedulerInvocations: 1 };
        }, 3000),
      );
    }

    // Storage: the customer's series after HISTORY_MONTHS of its 500 points, at the bytes a value took in the import (rollups included); S3 what the month wrote, kept as long.
    const valuesPerMonth = REFERENCE.points * VALUES_PER_POINT_DAY * DAYS_IN_MONTH;
    const s3BytesPerMonth = samples.filter((entry) => !entry.fixed).reduce((total, entry) => total + entry.usage.reduce((bytes, line) => bytes + (line.calls['s3:PutObject:bytes'] ?? 0), 0) * factorOf(entry), 0);
    const stored = { dynamodb: bytesPerValue * valuesPerMonth * HISTORY_MONTHS, s3: s3BytesPerMonth * HISTORY_MONTHS };

    // The cross-check of the write units DynamoDB answered against those computed from the items put.
    const checks = samples.flatMap((entry) => entry.usage).reduce((total, line) => ({ reported: total.reported + (line.wcuCheck?.reported ?? 0), computed: total.computed + (line.wcuCheck?.computed ?? 0) }), { reported: 0, computed: 0 });

    const lines: CostLine[] = [...samples.flatMap((entry) => linesOfSample(entry, prices, functions)), ...storageLines(stored, prices), ...fixedLines(fixed.resources, prices)];
    const summary = summarize(lines, REFERENCE.points);

    console.log(`\nPrices: ${prices.region}, on-demand, read ${prices.read} (tests/bench/cost/prices-eu-west-3.json; lines marked "closest:" stand in for Paris figures not found).`);
    console.log(`Storage: ${bytesPerValue.toFixed(1)} bytes of DynamoDB per ten-minute value (raw and rollups, 100 bytes of overhead per item); ${HISTORY_MONTHS} months kept.`);
    console.log(`Write units cross-check (puts): DynamoDB answered ${checks.reported} table units, the item sizes give ${checks.computed}.`);
    const readCalls = samples.flatMap((entry) => entry.usage).reduce(
      (total, line) => ({
        all: total.all + Object.entries(line.calls).filter(([name]) => /^dynamodb:(GetItem|Query|Scan|BatchGetItem|TransactGetItems)$/.test(name)).reduce((sum, [, count]) => sum + count, 0),
        projected: total.projected + (line.calls['dynamodb:projected-reads'] ?? 0),
      }),
      { all: 0, projected: 0 },
    );
    console.log(`Read units are computed from the items answered: ${readCalls.projected} of ${readCalls.all} read calls used a projection and read more than they answered (undercounted).`);
    console.log('\nThe month in $ by kind of work (factor × what the sample measured):');
    for (const entry of samples) {
      const ofEntry = linesOfSample(entry, prices, functions);
      const total = ofEntry.reduce((sum, line) => sum + line.usd, 0);
      const units = entry.usage.reduce((sum, line) => ({ rcu: sum.rcu + line.rcu, wcu: sum.wcu + line.wcu, ms: sum.ms + line.durationMs }), { rcu: 0, wcu: 0, ms: 0 });
      console.log(
        `  ${formatUsd(total).padStart(10)} $  ${entry.kind}${entry.fixed ? ' (fixed)' : ''}: ×${factorOf(entry).toFixed(1)}; per ${entry.unit}: ${(entry.usage.length / entry.measured).toFixed(1)} invocations, ` +
          `${(units.rcu / entry.measured).toFixed(1)} RCU, ${(units.wcu / entry.measured).toFixed(1)} WCU, ${(units.ms / entry.measured).toFixed(0)} ms of functions`,
      );
    }
    console.log('\nEach function\'s memory weighed (power tuning from wall and CPU times; one vCPU at 1,769 MB; month\'s GB-s at each size):');
    for (const advice of memoryAdvice(samples, functions).sort((a, b) => b.atConfigured.gbSeconds - a.atConfigured.gbSeconds)) {
      const sizes = advice.options.map((option) => `${option.memoryMb} MB ${option.gbSeconds.toFixed(0)} GB-s (slowest ${option.slowestMs.toFixed(0)} ms)`).join(', ');
      console.log(
        `  ${shortFunctionName(advice.fn).padEnd(24)} ${advice.configuredMb} MB → ${advice.chosen.memoryMb === advice.configuredMb ? 'kept' : `${advice.chosen.memoryMb} MB`}` +
          ` (${advice.waiter === 'interactive' ? 'interactive: slowest call within +25 % or +50 ms' : advice.waiter === 'watched' ? 'watched: within +50 % or +1 s' : 'background: cheapest'}; ${(advice.cpuShare * 100).toFixed(0)} % CPU, ${advice.rssMb.toFixed(0)} MiB resident): ${sizes}`,
      );
    }
    console.log('\nThe month in $ per service (variable: one reference customer):');
    for (const [service, value] of [...summary.byService].sort((a, b) => b[1] - a[1])) console.log(`  ${service.padEnd(22)} ${formatUsd(value).padStart(10)} $`);
    console.log(`\n$ per customer-month: ${formatUsd(summary.perCustomerUsd)} $ (${((summary.perCustomerUsd / (300 * USD_PER_EUR)) * 100).toFixed(1)} % of a 300 € premium price, at ${USD_PER_EUR} $ per € assumed)`);
    console.log(`$ per point-month: ${summary.perPointUsd.toPrecision(2)} $ (${REFERENCE.points} points)`);
    console.log(`Durations ±25 % move the month by ±${formatUsd(summary.durationSensitivityUsd)} $ (the Lambda GB-s lines).`);
    console.log('\nTop five lines (service × cause):');
    for (const line of summary.top) console.log(`  ${formatUsd(line.usd).padStart(10)} $  ${line.service} ${line.cause}  (${line.quantity.toPrecision(3)} ${line.unit})`);
    console.log(`\nFixed, paid whatever the customers do: ${formatUsd(summary.fixedUsd)} $ a month`);
    for (const line of lines.filter((entry) => entry.fixed)) console.log(`  ${formatUsd(line.usd).padStart(10)} $  ${line.service} ${line.cause}`);
    console.log(`It falls under 10 % of the total from ${summary.customersForFixedUnderTenPercent} customers.`);
    if (notMeasured.length) console.log(`\nNot measured: ${notMeasured.join('; ')}`);
    const invocationsByFunction = new Map<string, number>();
    for (const line of samples.flatMap((entry) => entry.usage)) invocationsByFunction.set(shortFunctionName(line.fn), (invocationsByFunction.get(shortFunctionName(line.fn)) ?? 0) + 1);
    console.log(`Invocations measured: ${[...invocationsByFunction].map(([fn, count]) => `${fn} ${count}`).join(', ')}`);
    console.log(`Bench time: ${((performance.now() - started) / 60000).toFixed(1)} min`);
    mkdirSync(fromRoot('.local', NAME), { recursive: true });
    writeFileSync(fromRoot('.local', NAME, 'cost.json'), JSON.stringify({ samples, firstAlertTick, lines, summary: { ...summary, byService: Object.fromEntries(summary.byService) }, fixed, stored, checks, notMeasured }, null, 2));
    console.log(lastLine(summary));
  } finally {
    for (const close of closers) await close().catch(() => undefined);
    await new Promise((resolve) => (web ? web.close(resolve) : resolve(undefined)));
    await emulator.stop();
  }
};

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
