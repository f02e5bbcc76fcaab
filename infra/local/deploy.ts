import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { fromRoot } from '../lib/paths';
import { awsEnvironment } from './emulator';

export interface Deployment {
  endpoint: string;
  restApiId: string;
  stage: string;
  socketApiId: string;
  seedFunctionName: string;
  entitiesTable: string;
  seriesTable: string;
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

/** Bootstraps and deploys the whole CDK app into the emulator, unchanged but for its context. */
export const deployToEmulator = async (endpoint: string, name: string): Promise<Deployment> => {
  const context = ['-c', 'environment=emulator', '-c', `emulatorEndpoint=${endpoint}`, '-c', 'demo=true'];
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

export const seedDemoData = async (
  deployment: Deployment,
  passwords: DemoPasswords,
  seriesDays = 365,
): Promise<{ accounts: SeededAccount[]; customers: { _id: string; name: string; is_premium: boolean }[] }> => {
  const lambda = new LambdaClient({ endpoint: deployment.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
  const answer = await lambda.send(
    new InvokeCommand({
      FunctionName: deployment.seedFunctionName,
      Payload: new TextEncoder().encode(JSON.stringify({ passwords, seriesDays })),
    }),
  );
  const text = new TextDecoder().decode(answer.Payload);
  if (answer.FunctionError) throw new Error(`Seeding failed: ${text}`);
  return JSON.parse(text);
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
        accounts,
        customers: { premium: 'cust-energie-plus', basic: 'cust-ville-montclair' },
      },
      null,
      2,
    ),
  );
};
