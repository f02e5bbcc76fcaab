import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import * as path from 'node:path';
import { fromRoot } from '../lib/paths';
import { buildWeb } from './build-web';
import { deployToEmulator, makeDevelopmentVendorKey, generateDemoPasswords, probePrinting, seedDemoData, seedDemoSeries, seedWorkerAccounts, writeTestEnvironment } from './deploy';
import { startEmulator, type Emulator } from './emulator';
import { LOOPBACK_TEST_ALLOW_LIST } from './loopback-test-ports';
import { TEST_ACCESS_FACTS_TTL_MS, TEST_ALERT_CHUNK_SIZE, TEST_CUSTOMER_DELETION_BATCH, TEST_REMOTE_FILE_SETTLE_MS, TEST_UNPAGED_LIST_LIMIT_BYTES } from './test-deployment-settings';
import { startFakeVendorService, type FakeVendorService } from './fake-vendor-service';
import { startGeocodingProvider, type GeocodingProvider } from './geocoding-provider';
import { startWeatherProvider, type WeatherProvider } from './weather-provider';
import { startWebServer } from './web-server';

const EMULATOR_PORT = Number(process.env.TEST_EMULATOR_PORT ?? 4567);
const WEB_PORT = Number(process.env.TEST_WEB_PORT ?? 8181);
/** Names the emulator's and the results' folders, so that a second checkout's run keeps apart. */
const RUN_NAME = process.env.TEST_RUN_NAME ?? 'test';
const RESULTS = fromRoot(`.local/${RUN_NAME}/results`);

/**
 * `npm test -- tests/integration/users.test.ts …` runs only those files (and deploys only when one needs it);
 * a folder (`tests/browser/`) stands for its test files.
 */
const SELECTED = process.argv
  .slice(2)
  .map((file) => file.replace(/^\.\//, '').replace(/\/$/, ''))
  .flatMap((entry) =>
    existsSync(fromRoot(entry)) && statSync(fromRoot(entry)).isDirectory()
      ? readdirSync(fromRoot(entry)).filter((name) => name.endsWith('.test.ts')).map((name) => `${entry}/${name}`)
      : [entry],
  );
const selectedIn = (...folders: string[]): string[] | null => {
  if (SELECTED.length === 0) return [];
  const files = SELECTED.filter((file) => folders.some((folder) => file.startsWith(`tests/${folder}/`)));
  return files.length > 0 ? files : null;
};

/**
 * Integration files run this many at a time against the one deployed stack: each file's data is
 * its own (its customers, users and objects), and most of a file's time is spent waiting on the
 * emulator, so two files overlap well on two cores. `TEST_WORKERS=1` runs them one by one.
 */
const WORKERS = Math.max(1, Number(process.env.TEST_WORKERS ?? 2));

/**
 * Browser files run in this many lanes side by side (one Vitest run each, its files one by one):
 * each file has its own Chromium, and most of its time is spent waiting on the app and the
 * emulator. One user signed in from two browsers is told it is already connected elsewhere, so
 * each lane signs in as demo accounts of its own (`WATTWISE_ACCOUNTS_WORKER`): the first lane as
 * the demo's, the others as their copies, seeded just before the browser files (after the
 * integration files, which count the demo customers' users). A browser file that changes what
 * every screen shows or every user may do is marked `// @runs-alone: <why>` as above; one that
 * needs the demo's own accounts (it reads what the demo seeded for them alone: private tabs and
 * widgets, a print token made for them) `// @demo-accounts: <why>`, and runs in the first lane.
 * The other files are shared out longest first, by `tests/browser/durations.json`.
 * Two lanes by default; `TEST_BROWSER_WORKERS=1` runs them one by one (docs/development/testing.md).
 */
const BROWSER_WORKERS = Math.max(1, Number(process.env.TEST_BROWSER_WORKERS ?? 2));
const DEMO_ACCOUNTS = /^\s*\/\/ @demo-accounts: \S/m;

/** What a browser file missing from the record is taken to last when shared out. */
const UNKNOWN_BROWSER_SECONDS = 60;

/** The browser files shared into `lanes` lanes of about equal recorded time, those that need the demo's own accounts in the first. */
const lanesOf = (files: string[], lanes: number): string[][] => {
  let known: Record<string, number> = {};
  try {
    known = JSON.parse(readFileSync(fromRoot('tests/browser/durations.json'), 'utf8')) as Record<string, number>;
  } catch {
    // No record: every file counts the same.
  }
  const cost = (file: string) => known[file] ?? UNKNOWN_BROWSER_SECONDS;
  const shared = Array.from({ length: lanes }, () => ({ files: [] as string[], seconds: 0 }));
  const pinned = files.filter((file) => DEMO_ACCOUNTS.test(readFileSync(fromRoot(file), 'utf8')));
  for (const file of pinned) {
    shared[0]!.files.push(file);
    shared[0]!.seconds += cost(file);
  }
  for (const file of files.filter((candidate) => !pinned.includes(candidate)).sort((a, b) => cost(b) - cost(a))) {
    const lane = shared.reduce((least, candidate) => (candidate.seconds < least.seconds ? candidate : least));
    lane.files.push(file);
    lane.seconds += cost(file);
  }
  return shared.map((lane) => lane.files).filter((lane) => lane.length > 0);
};

/**
 * A file that changes what every other file sees (locks the application, restarts every function,
 * rewrites the product's defaults or the system's settings) says so in a line
 * `// @runs-alone: <why>`; those files run one by one after the others.
 */
const RUNS_ALONE = /^\s*\/\/ @runs-alone: \S/m;

/** The files of a folder (or the selected ones of it) split into those that run together and those that run alone. */
const byIsolation = (folder: string, selected: string[] | null): { together: string[] | null; alone: string[] | null } => {
  if (selected === null) return { together: null, alone: null };
  const files = selected.length > 0
    ? selected
    : readdirSync(fromRoot(`tests/${folder}`)).filter((name) => name.endsWith('.test.ts')).map((name) => `tests/${folder}/${name}`);
  const alone = files.filter((file) => RUNS_ALONE.test(readFileSync(fromRoot(file), 'utf8')));
  const together = files.filter((file) => !alone.includes(file));
  return { together: together.length > 0 ? together : null, alone: alone.length > 0 ? alone : null };
};

/**
 * Writes how long each file of a folder took, longest first (`tests/<folder>/durations.json`), where
 * tests/vitest.config.ts's sequencer reads it to start the longest files first. Refreshed on demand
 * after a whole run (`TEST_RECORD_DURATIONS=1 npm test`) and committed, since a fresh clone has no other record.
 */
const recordDurations = (folder: string, files: { file: string; seconds: number }[]): void => {
  const sorted = [...files].sort((a, b) => b.seconds - a.seconds).map(({ file, seconds: taken }) => [file, Math.round(taken)]);
  writeFileSync(fromRoot(`tests/${folder}/durations.json`), `${JSON.stringify(Object.fromEntries(sorted), null, 2)}\n`);
};

interface Outcome {
  passed: number;
  failed: number;
  skipped: number;
  ok: boolean;
  /** How long each test file took (from vitest's JSON report), to keep the slowest in view. */
  files: { file: string; seconds: number }[];
  /** Each failed test's file, name and first line of its error, printed again at the run's end. */
  failures?: string[];
}

/** The first line of a failure message, shortened: enough to tell which check failed from the run's last lines. */
const firstLine = (message: string | undefined): string => (message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';

/** How many of the slowest test files the run prints at its end. */
const SLOWEST_SHOWN = 10;

const vitest = (projects: string[], label: string, files: string[] | null, workers = 1, environment: Record<string, string> = {}): Promise<Outcome> =>
  new Promise((resolve) => {
    if (files === null) return resolve({ passed: 0, failed: 0, skipped: 0, ok: true, files: [] });
    const output = `${RESULTS}/${label}.json`;
    const phaseStarted = Date.now();
    rmSync(output, { force: true });
    const child = spawn(
      'npx',
      [
        'vitest', 'run', '--config', 'tests/vitest.config.ts',
        ...projects.flatMap((project) => ['--project', project]),
        '--reporter=default', '--reporter=json', `--outputFile.json=${output}`,
        ...files,
      ],
      // tests/vitest.config.ts reads how many files of the integration project run at once.
      { cwd: fromRoot(), stdio: 'inherit', env: { ...process.env, TEST_INTEGRATION_WORKERS: String(workers), ...environment } },
    );
    child.on('exit', (code) => {
      console.log(`Phase ${label} (${files.length > 0 ? files.length : 'all'} files, ${workers} at a time): ${seconds(phaseStarted)}`);
      if (!existsSync(output)) return resolve({ passed: 0, failed: 1, skipped: 0, ok: false, files: [] });
      const report = JSON.parse(readFileSync(output, 'utf8')) as {
        numPassedTests: number;
        numFailedTests: number;
        numPendingTests: number;
        numTodoTests: number;
        testResults?: {
          name: string;
          startTime?: number;
          endTime?: number;
          message?: string;
          assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
        }[];
      };
      const results = report.testResults ?? [];
      resolve({
        passed: report.numPassedTests,
        failed: report.numFailedTests,
        skipped: report.numPendingTests + report.numTodoTests,
        ok: code === 0,
        failures: results.flatMap((result) => {
          const file = path.relative(fromRoot(), result.name);
          const failed = (result.assertionResults ?? []).filter((assertion) => assertion.status === 'failed');
          if (failed.length === 0 && result.message) return [`${file}: ${firstLine(result.message)}`];
          return failed.map((assertion) => `${file} > ${assertion.fullName}: ${firstLine(assertion.failureMessages?.[0])}`);
        }),
        files: results
          .filter((result) => result.startTime !== undefined && result.endTime !== undefined)
          .map((result) => ({ file: path.relative(fromRoot(), result.name), seconds: (result.endTime! - result.startTime!) / 1000 })),
      });
    });
  });

const readPackageVersion = (): string => (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version;

const seconds = (since: number): string => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * `npm test`: unit and CDK tests, then a fresh emulator with the app deployed and seeded, the
 * integration tests against its API and the browser tests against the served web app. Whatever
 * it started is stopped; the exit code says whether everything passed.
 */
const main = async (): Promise<number> => {
  const started = Date.now();
  mkdirSync(RESULTS, { recursive: true });
  let emulator: Emulator | undefined;
  let web: Server | undefined;
  let weather: WeatherProvider | undefined;
  let vendor: FakeVendorService | undefined;
  let geocoder: GeocodingProvider | undefined;
  const outcomes: Outcome[] = [];
  try {
    const [unitFiles, integrationFiles, browserFiles] = [selectedIn('unit', 'infra'), selectedIn('integration'), selectedIn('browser')];
    if (integrationFiles === null && browserFiles === null) {
      outcomes.push(await vitest(['unit', 'infra'], 'unit', unitFiles));
      return report(started, outcomes);
    }
    emulator = await startEmulator(EMULATOR_PORT, RUN_NAME);
    weather = await startWeatherProvider();
    const vendorKey = await makeDevelopmentVendorKey('test');
    vendor = await startFakeVendorService({ latest: readPackageVersion(), is_locked: false, is_allowed_to_update: true }, vendorKey.privateKeyFile);
    geocoder = await startGeocodingProvider();
    console.log(`Emulator up on ${emulator.endpoint}, weather provider on ${weather.url}; deploying while the unit tests run ...`);
    const deploying = Promise.all([
      deployToEmulator(emulator.endpoint, 'test', {
        weatherProviderUrl: weather.url,
        geocodingProviderUrl: geocoder.url,
        appUrl: `http://127.0.0.1:${WEB_PORT}`,
        vendorServiceUrl: vendor.url,
        vendorKey,
        // The test servers' loopback ports, and nothing else beyond the public Internet.
        outboundAllowList: LOOPBACK_TEST_ALLOW_LIST,
        // The outbox test fails sends on purpose (markers only tests write).
        outboxFaultInjection: true,
        // Small batches: a test customer's deletion takes several runs (tests/integration/customers.test.ts counts them).
        customerDeletionBatch: TEST_CUSTOMER_DELETION_BATCH,
        alertChunkSize: TEST_ALERT_CHUNK_SIZE,
        // Deactivations, permission maps and deleted users take effect in seconds rather than 15 s.
        accessFactsTtlMs: TEST_ACCESS_FACTS_TTL_MS,
        // A retrieval's second look at a new FTP/SFTP file comes 3 s after its first rather than 10 s.
        remoteFileSettleMs: TEST_REMOTE_FILE_SETTLE_MS,
        // The unpaged point lists refuse a plain answer past 512 KiB (413 list_too_large), where AWS's limit is 6 MB.
        unpagedListLimitBytes: TEST_UNPAGED_LIST_LIMIT_BYTES,
        // The first root administrator a deployment makes (tests/integration/first-root.test.ts); the demo seed's root comes after.
        rootEmail: 'first-root@deploy.wattwise.example',
        // No chromiumPath: reports print with the Lambda build of Chromium, as on AWS (tests/integration/report-pdf.test.ts).
      }),
      buildWeb(),
    ]);
    deploying.catch(() => undefined);
    outcomes.push(await vitest(['unit', 'infra'], 'unit', unitFiles));
    const [deployment] = await deploying;
    console.log(`Deployed in ${seconds(started)}`);
    await weather.connect(deployment);
    const passwords = generateDemoPasswords();
    // Chromium is launched once before any test prints: the Lambda build is unpacked by then.
    const [seeded, printing] = await Promise.all([seedDemoData(deployment, passwords), probePrinting(deployment)]);
    console.log(printing.ready ? `Printing: ready (${printing.browser})` : `Printing: not ready: ${printing.reason}`);
    await seedDemoSeries(deployment, 2);
    web = await startWebServer(deployment, WEB_PORT);
    const environmentFile = fromRoot(`.local/${RUN_NAME}/environment.json`);
    process.env.WATTWISE_TEST_ENVIRONMENT = environmentFile;
    writeTestEnvironment(deployment, seeded, passwords, `http://127.0.0.1:${WEB_PORT}`, environmentFile, {
      url: weather.url,
      fake: weather.fake,
    }, { url: vendor.url }, { url: geocoder.url, fake: geocoder.fake });
    const integration = byIsolation('integration', integrationFiles);
    const together = await vitest(['integration'], 'integration', integration.together, WORKERS);
    const alone = await vitest(['integration'], 'integration-alone', integration.alone);
    outcomes.push(together, alone);
    if (process.env.TEST_RECORD_DURATIONS === '1' && integrationFiles?.length === 0) recordDurations('integration', [...together.files, ...alone.files]);
    const browser = byIsolation('browser', browserFiles);
    const lanes = browser.together ? lanesOf(browser.together, BROWSER_WORKERS) : [];
    if (lanes.length > 1) await seedWorkerAccounts(deployment, lanes.length, passwords, environmentFile);
    const browserLanes = await Promise.all(
      lanes.map((files, index) => vitest(['browser'], lanes.length > 1 ? `browser-${index + 1}` : 'browser', files, 1, { WATTWISE_ACCOUNTS_WORKER: String(index + 1) })),
    );
    const browserAlone = await vitest(['browser'], 'browser-alone', browser.alone);
    outcomes.push(...browserLanes, browserAlone);
    if (process.env.TEST_RECORD_DURATIONS === '1' && browserFiles?.length === 0) recordDurations('browser', [...browserLanes.flatMap((lane) => lane.files), ...browserAlone.files]);
  } catch (error) {
    console.error(error);
    outcomes.push({ passed: 0, failed: 1, skipped: 0, ok: false, files: [] });
  } finally {
    web?.close();
    await weather?.close();
    await vendor?.close();
    await geocoder?.close();
    await emulator?.stop();
  }
  return report(started, outcomes);
};

const report = (started: number, outcomes: Outcome[]): number => {
  const total = outcomes.reduce(
    (sum, outcome) => ({ passed: sum.passed + outcome.passed, failed: sum.failed + outcome.failed, skipped: sum.skipped + outcome.skipped }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  const ok = outcomes.every((outcome) => outcome.ok) && total.failed === 0;
  const slowest = outcomes
    .flatMap((outcome) => outcome.files)
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, SLOWEST_SHOWN);
  if (slowest.length > 0) {
    console.log(`\nSlowest test files:`);
    for (const { file, seconds: taken } of slowest) console.log(`  ${taken.toFixed(1).padStart(7)} s  ${file}`);
  }
  const failures = outcomes.flatMap((outcome) => outcome.failures ?? []);
  if (failures.length > 0) {
    console.log(`\nFailed tests:`);
    for (const failure of failures) console.log(`  ${failure}`);
  }
  console.log(`\nnpm test finished in ${seconds(started)}`);
  console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  return ok ? 0 : 1;
};

process.exit(await main());
