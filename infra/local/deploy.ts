import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { exportJWK, generateKeyPair } from 'jose';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { fromRoot } from '../lib/paths';
import { awsEnvironment } from './emulator';
import { LOOPBACK_TEST_ALLOW_LIST } from './loopback-test-ports';

export interface Deployment {
  endpoint: string;
  restApiId: string;
  stage: string;
  socketApiId: string;
  seedFunctionName: string;
  entitiesTable: string;
  seriesTable: string;
  connectionsTable: string;
  uploadsBucket: string;
  documentsBucket: string;
  scheduledJobsFunctionName: string;
  /** Long series work; also the search index's backfill (`{ kind: 'point_index_backfill' }`, npm run backfill:points). */
  seriesJobsFunctionName: string;
  /** The Chromium function (report PDFs); `{ probe: true }` launches Chromium once (probePrinting). */
  reportPdfFunctionName: string;
  fileImportsFunctionName: string;
  applicationUpdateFunctionName: string;
  customerDeletionFunctionName: string;
  /** Makes the first root administrator (invoked with `{ email }`; the first-root stack's custom resource calls it at deploy). */
  firstRootFunctionName: string;
  /** The `rootEmail` the deployment was given: its first root administrator, e-mailed a set-password link at deploy. */
  rootEmail: string | null;
  /** The development licence vendor's private key (JWK), made at deploy time, kept under .local: tests sign licences with it. */
  licenseVendorKeyFile: string;
  /** The weather provider's key (generated at deploy time). */
  weatherKeySecretArn: string;
  /** The edge's origin secret (generated at deploy time), which the local web server sends the REST API as CloudFront does. */
  originSecretArn: string;
  /** Where the REST API answers in the emulator (paths start with /api/...). */
  restBaseUrl: string;
  socketUrl: string;
}

const runCdk = (args: string[], endpoint: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn('npx', ['cdk', ...args], {
      cwd: fromRoot(),
      env: { ...process.env, ...awsEnvironment(endpoint), CDK_DISABLE_VERSION_CHECK: '1', CDK_DISABLE_CLI_TELEMETRY: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cdk ${args[0]} failed:\n${output.slice(-6000)}`))));
  });

export interface DevelopmentVendorKey {
  /** The `x` of the public JWK, the deployment's `licensePublicKey`. */
  publicKey: string;
  privateKeyFile: string;
}

/**
 * A development vendor: a fresh Ed25519 key pair per deployment, its private half kept under
 * .local (never committed) so that tests and developers can sign licences, and the local vendor
 * service its is_allowed answers.
 */
export const makeDevelopmentVendorKey = async (name: string): Promise<DevelopmentVendorKey> => {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const privateKeyFile = fromRoot('.local', name, 'license-vendor.json');
  mkdirSync(fromRoot('.local', name), { recursive: true });
  writeFileSync(privateKeyFile, JSON.stringify(await exportJWK(privateKey)), { mode: 0o600 });
  return { publicKey: String((await exportJWK(publicKey)).x), privateKeyFile };
};

/**
 * Bootstraps and deploys the whole CDK app into the emulator, unchanged but for its context. The
 * outbound allow-list opens the local test servers' loopback ports unless another is given.
 */
export const deployToEmulator = async (
  endpoint: string,
  name: string,
  options: {
    weatherProviderUrl?: string;
    geocodingProviderUrl?: string;
    appUrl?: string;
    vendorServiceUrl?: string;
    outboundAllowList?: string;
    /** Work per run of a customer's deletion (the functions' default when not given). */
    customerDeletionBatch?: number;
    /** Alerts one job of a firing evaluates (the functions' default, ALERT_CHUNK_SIZE, when not given). */
    alertChunkSize?: number;
    /** How long a function instance trusts a customer's and a user's access facts, in ms (the functions' default when not given). */
    accessFactsTtlMs?: number;
    /** How long an FTP/SFTP file must stay the same before it is taken, in ms (the functions' default when not given). */
    remoteFileSettleMs?: number;
    /** What the unpaged call of a paged list may answer, in bytes (Lambda's 6 MB when not given). */
    unpagedListLimitBytes?: number;
    /** Tests only: the outbox sender honours the fault markers tests write. */
    outboxFaultInjection?: boolean;
    /** The development vendor's key, when the local vendor service signs with it too (else a new one). */
    vendorKey?: DevelopmentVendorKey;
    /** The first root administrator the deployment makes (none: only the demo seed makes one). */
    rootEmail?: string;
    /** A Chromium of the machine for the printing (none: the Lambda build, @sparticuz/chromium, as on AWS). */
    chromiumPath?: string;
    /** The share of invocations that write a `usage` line (none: the emulator's default, 0). */
    usageSampleRate?: number;
  } = {},
): Promise<Deployment> => {
  const licenseVendor = options.vendorKey ?? (await makeDevelopmentVendorKey(name));
  const context = [
    '-c', `licensePublicKey=${licenseVendor.publicKey}`,
    '-c', 'environment=emulator',
    '-c', `emulatorEndpoint=${endpoint}`,
    '-c', 'demo=true',
    ...(options.weatherProviderUrl ? ['-c', `weatherProviderUrl=${options.weatherProviderUrl}`] : []),
    ...(options.geocodingProviderUrl ? ['-c', `geocodingProviderUrl=${options.geocodingProviderUrl}`] : []),
    ...(options.appUrl ? ['-c', `appUrl=${options.appUrl}`] : []),
    ...(options.vendorServiceUrl ? ['-c', `vendorServiceUrl=${options.vendorServiceUrl}`] : []),
    '-c', `outboundAllowList=${options.outboundAllowList ?? LOOPBACK_TEST_ALLOW_LIST}`,
    ...(options.outboxFaultInjection ? ['-c', 'outboxFaultInjection=true'] : []),
    ...(options.customerDeletionBatch ? ['-c', `customerDeletionBatch=${options.customerDeletionBatch}`] : []),
    ...(options.alertChunkSize ? ['-c', `alertChunkSize=${options.alertChunkSize}`] : []),
    ...(options.accessFactsTtlMs ? ['-c', `accessFactsTtlMs=${options.accessFactsTtlMs}`] : []),
    ...(options.remoteFileSettleMs ? ['-c', `remoteFileSettleMs=${options.remoteFileSettleMs}`] : []),
    ...(options.unpagedListLimitBytes ? ['-c', `unpagedListLimitBytes=${options.unpagedListLimitBytes}`] : []),
    ...(options.rootEmail ? ['-c', `rootEmail=${options.rootEmail}`] : []),
    ...(options.chromiumPath ? ['-c', `chromiumPath=${options.chromiumPath}`] : []),
    ...(options.usageSampleRate !== undefined ? ['-c', `usageSampleRate=${options.usageSampleRate}`] : []),
  ];
  const outputsFile = fromRoot('.local', name, 'outputs.json');
  await runCdk(['bootstrap', 'aws://000000000000/us-east-1', ...context], endpoint);
  await runCdk(
    ['deploy', '--all', '--require-approval', 'never', '--outputs-file', outputsFile, '--progress', 'events', ...context],
    endpoint,
  );
  const outputs = JSON.parse(readFileSync(outputsFile, 'utf8')) as Record<string, Record<string, string>>;
  const api = outputs.WattWiseApi;
  const realtime = outputs.WattWiseRealtime;
  const deployment: Deployment = {
    endpoint,
    restApiId: api.RestApiId,
    stage: api.RestApiStage,
    socketApiId: realtime.SocketApiId,
    seedFunctionName: api.SeedFunctionName,
    entitiesTable: outputs.WattWiseData.EntitiesTableName,
    seriesTable: outputs.WattWiseData.SeriesTableName,
    connectionsTable: outputs.WattWiseData.ConnectionsTableName,
    uploadsBucket: outputs.WattWiseData.UploadsBucketName,
    documentsBucket: outputs.WattWiseData.DocumentsBucketName,
    scheduledJobsFunctionName: api.ScheduledJobsFunctionName,
    seriesJobsFunctionName: api.SeriesJobsFunctionName,
    reportPdfFunctionName: api.ReportPdfFunctionName,
    fileImportsFunctionName: api.FileImportsFunctionName,
    applicationUpdateFunctionName: api.ApplicationUpdateFunctionName,
    customerDeletionFunctionName: api.CustomerDeletionFunctionName,
    firstRootFunctionName: api.FirstRootFunctionName,
    rootEmail: options.rootEmail ?? null,
    licenseVendorKeyFile: licenseVendor.privateKeyFile,
    weatherKeySecretArn: outputs.WattWiseData.WeatherProviderKeySecretArn,
    originSecretArn: outputs.WattWiseData.OriginSecretArn,
    restBaseUrl: `${endpoint}/_aws/execute-api/${api.RestApiId}/${api.RestApiStage}`,
    socketUrl: `${endpoint.replace(/^http/, 'ws')}/_aws/execute-api/${realtime.SocketApiId}/${realtime.SocketStage}`,
  };
  writeFileSync(fromRoot('.local', name, 'deployment.json'), JSON.stringify(deployment, null, 2));
  return deployment;
};

export type DemoPasswords = Record<
  'root' | 'super' | 'premiumAdministrator' | 'premiumMember' | 'basicAdministrator' | 'basicMember',
  string
>;

/** Fresh random passwords for every seeding: nothing secret is written in the repository. */
export const generateDemoPasswords = (): DemoPasswords => {
  const make = (): string => randomBytes(9).toString('base64url');
  return {
    root: make(),
    super: make(),
    premiumAdministrator: make(),
    premiumMember: make(),
    basicAdministrator: make(),
    basicMember: make(),
  };
};

export interface SeededAccount {
  email: string;
  role: string;
  customer: string | null;
}

const emulatorCredentials = { accessKeyId: 'test', secretAccessKey: 'test' };

const invokeSeed = async (deployment: Deployment, event: unknown, wait: boolean): Promise<unknown> => {
  const lambda = new LambdaClient({ endpoint: deployment.endpoint, region: 'us-east-1', credentials: emulatorCredentials });
  const answer = await lambda.send(
    new InvokeCommand({
      FunctionName: deployment.seedFunctionName,
      InvocationType: wait ? 'RequestResponse' : 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(event)),
    }),
  );
  if (!wait) return null;
  const text = new TextDecoder().decode(answer.Payload);
  if (answer.FunctionError) throw new Error(`Seeding failed: ${text}`);
  return JSON.parse(text);
};

/** What the printing of report PDFs runs on, or why it cannot. */
export type PrintingState = { ready: true; browser: string; executable: string } | { ready: false; reason: string };

/**
 * Asks the deployed Chromium function to launch Chromium once, as a printing does: whether report
 * PDFs can be printed, and with which browser. The first launch also unpacks the Lambda build, so
 * the first printings do not race to unpack it.
 */
export const probePrinting = async (deployment: Deployment): Promise<PrintingState> => {
  const lambda = new LambdaClient({ endpoint: deployment.endpoint, region: 'us-east-1', credentials: emulatorCredentials });
  try {
    const answer = await lambda.send(new InvokeCommand({ FunctionName: deployment.reportPdfFunctionName, Payload: new TextEncoder().encode(JSON.stringify({ probe: true })) }));
    const text = new TextDecoder().decode(answer.Payload);
    if (answer.FunctionError) {
      const error = JSON.parse(text) as { errorMessage?: string };
      return { ready: false, reason: (error.errorMessage ?? text).split('\n')[0] };
    }
    const { browser, executable } = JSON.parse(text) as { browser: string; executable: string };
    return { ready: true, browser, executable };
  } catch (error) {
    return { ready: false, reason: String(error) };
  }
};

/** Customers, locations, users (with these passwords) and demo points. */
export const seedDemoData = async (
  deployment: Deployment,
  passwords: DemoPasswords,
): Promise<{ accounts: SeededAccount[]; customers: { _id: string; name: string; is_premium: boolean }[] }> =>
  (await invokeSeed(deployment, { step: 'accounts', passwords }, true)) as Awaited<ReturnType<typeof seedDemoData>>;

/**
 * The demo accounts again for test workers 2 to `workers` (the seed's `worker-accounts` step), with
 * the same passwords; added to the environment file `file` as `workerAccounts`, where the browser
 * tests' files that run at the same time each find accounts of their own (tests/support/environment.ts).
 */
export const seedWorkerAccounts = async (deployment: Deployment, workers: number, passwords: DemoPasswords, file: string): Promise<void> => {
  if (workers < 2) return;
  const seeded = (await invokeSeed(deployment, { step: 'worker-accounts', workers, passwords }, true)) as { accounts: SeededAccount[] };
  const workerAccounts = Object.fromEntries(
    Array.from({ length: workers - 1 }, (_, index) => index + 2).map((worker) => [
      String(worker),
      Object.fromEntries(
        (Object.keys(DEMO_EMAILS) as (keyof DemoPasswords)[]).map((name) => {
          const email = workerEmail(DEMO_EMAILS[name], worker);
          const account = seeded.accounts.find((candidate) => candidate.email === email);
          if (!account) throw new Error(`The seed made no ${name} account for worker ${worker}`);
          return [name, { email, password: passwords[name], customer: account.customer }];
        }),
      ),
    ]),
  );
  const environment = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...environment, workerAccounts }, null, 2));
};

/** A demo account's address for a test worker past the first (the seed's rule): `admin@x` → `admin+w2@x`. */
const workerEmail = (email: string, worker: number): string => email.replace('@', `+w${worker}@`);

/** Days of ten-minute demo series, waited for. */
export const seedDemoSeries = async (deployment: Deployment, days: number): Promise<void> => {
  await invokeSeed(deployment, { step: 'series', days }, true);
};

/** Starts the demo series in the background and reports its progress until it is done. */
export const seedDemoSeriesInBackground = async (
  deployment: Deployment,
  days: number,
  onProgress: (done: number, total: number) => void,
): Promise<void> => {
  await invokeSeed(deployment, { step: 'series', days }, false);
  const documents = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: deployment.endpoint, region: 'us-east-1', credentials: emulatorCredentials }),
  );
  let last = -1;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const { Item } = await documents.send(
      new GetCommand({ TableName: deployment.entitiesTable, Key: { PK: 'SYSTEM', SK: 'DEMO_SERIES' } }),
    );
    if (!Item) continue;
    if (Item.done !== last) onProgress(Number(Item.done), Number(Item.total));
    last = Number(Item.done);
    if (Item.state === 'done') return;
  }
};

const DEMO_EMAILS: Record<keyof DemoPasswords, string> = {
  root: 'root@demo.wattwise.example',
  super: 'super@demo.wattwise.example',
  premiumAdministrator: 'admin@energie-plus.example',
  premiumMember: 'membre@energie-plus.example',
  basicAdministrator: 'admin@montclair.example',
  basicMember: 'membre@montclair.example',
};

/** Writes what the integration and browser tests read (tests/support/environment.ts). */
export const writeTestEnvironment = (
  deployment: Deployment,
  seeded: { accounts: SeededAccount[] },
  passwords: DemoPasswords,
  webUrl: string,
  file: string,
  weatherProvider: { url: string; fake: boolean } | null = null,
  vendorService: { url: string } | null = null,
  geocodingProvider: { url: string; fake: boolean } | null = null,
): void => {
  const accounts = Object.fromEntries(
    (Object.keys(DEMO_EMAILS) as (keyof DemoPasswords)[]).map((name) => [
      name,
      {
        email: DEMO_EMAILS[name],
        password: passwords[name],
        customer: seeded.accounts.find((account) => account.email === DEMO_EMAILS[name])?.customer ?? null,
      },
    ]),
  );
  writeFileSync(
    file,
    JSON.stringify(
      {
        restBaseUrl: deployment.restBaseUrl,
        socketUrl: deployment.socketUrl,
        webUrl,
        endpoint: deployment.endpoint,
        entitiesTable: deployment.entitiesTable,
        seriesTable: deployment.seriesTable,
        connectionsTable: deployment.connectionsTable,
        uploadsBucket: deployment.uploadsBucket,
        documentsBucket: deployment.documentsBucket,
        scheduledJobsFunctionName: deployment.scheduledJobsFunctionName,
        fileImportsFunctionName: deployment.fileImportsFunctionName,
        customerDeletionFunctionName: deployment.customerDeletionFunctionName,
        firstRootFunctionName: deployment.firstRootFunctionName,
        rootEmail: deployment.rootEmail,
        licenseVendorKeyFile: deployment.licenseVendorKeyFile,
        accounts,
        customers: { premium: 'cust-energie-plus', basic: 'cust-ville-montclair' },
        weatherProvider,
        vendorService,
        geocodingProvider,
        applicationUpdateFunctionName: deployment.applicationUpdateFunctionName,
      },
      null,
      2,
    ),
  );
};
