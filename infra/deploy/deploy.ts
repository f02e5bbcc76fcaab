import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildApp } from '../lib/app';
import { fromRoot } from '../lib/paths';
import { readSettings, type DeploymentSettings } from '../lib/settings';
import { buildWeb } from '../local/build-web';
import { parseArguments } from './arguments';
import { concurrencyLines, decideConcurrency, WITHOUT_CAPS, type AccountConcurrency } from './concurrency';
import { formatPlan, planOf, problemsOf } from './plan';
import { flagLegacyRawBeforeDeploy, runDataMigrationsAfterDeploy } from './data-migrations';
import { flagLegacyPacksBeforeDeploy, migrateRollupPacksAfterDeploy } from './rollup-migration';
import { signInLines, type Outputs } from './sign-in';

/**
 * `npm run deploy [-- --dry-run] [-- -c name=value …]`: a first deploy to an AWS account, or any
 * later one, in one command — the web built, the app synthesized for AWS and checked (cdk-nag,
 * CloudFormation's limits), the account bootstrapped when it is not, every stack deployed in order
 * without an approval prompt, and the site's address and the root administrator's sign-in printed.
 * With `--dry-run` it stops after the plan and calls nothing of AWS (no credentials needed).
 * docs/operations/first-deploy.md walks through it.
 */

const readContextFile = (file: string, key?: string): Record<string, unknown> => {
  if (!existsSync(file)) return {};
  const content = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return (key ? (content[key] as Record<string, unknown> | undefined) : content) ?? {};
};

/** The context the CDK CLI would give the app, for AWS whatever it says. */
export const deploymentContext = (given: Record<string, string>): Record<string, unknown> => {
  if (given.environment && given.environment !== 'aws') throw new Error('npm run deploy deploys to AWS; the emulator has npm start and npm test');
  return { ...readContextFile(fromRoot('cdk.json'), 'context'), ...readContextFile(fromRoot('cdk.context.json')), ...given, environment: 'aws' };
};

/** Synthesizes the app for AWS into `outdir` and checks it: cdk-nag's AwsSolutions rules, then CloudFormation's limits. */
const synthesize = (context: Record<string, unknown>, outdir: string): { settings: DeploymentSettings; directory: string } => {
  rmSync(outdir, { recursive: true, force: true });
  const app = new App({ outdir, context });
  const settings = readSettings(app.node);
  buildApp(app);
  const violations = new AwsSolutionsChecks().validateScope(app).violations;
  const findings = violations.flatMap((violation) => violation.violatingResources.map((resource) => `  ${violation.ruleName} ${resource.constructPath ?? resource.resourceLogicalId}`));
  if (findings.length) throw new Error(`cdk-nag reports ${findings.length} unacknowledged findings:\n${findings.join('\n')}`);
  return { settings, directory: app.synth().directory };
};

const run = (command: string, args: string[]): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: fromRoot(),
      stdio: 'inherit',
      env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1', CDK_DISABLE_CLI_TELEMETRY: 'true' },
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.slice(0, 2).join(' ')} failed (${code})`))));
  });

const accountConcurrency = async (): Promise<AccountConcurrency> => {
  const { AccountLimit } = await new LambdaClient({}).send(new GetAccountSettingsCommand({}));
  return { quota: AccountLimit?.ConcurrentExecutions ?? 0, unreserved: AccountLimit?.UnreservedConcurrentExecutions ?? 0 };
};

const main = async (): Promise<void> => {
  const options = parseArguments(process.argv.slice(2));
  let context = deploymentContext(options.context);
  // The settings are checked before anything is built; a deploy also needs rootEmail and an account that answers.
  const given = readSettings(new App({ context }).node);
  let account: AccountConcurrency | null = null;
  if (!options.dryRun) {
    if (!given.rootEmail) {
      throw new Error('rootEmail is needed: the deployment makes its first root administrator from it (-c rootEmail=you@example.com). Give the same one on later deploys: it makes nobody twice.');
    }
    account = await accountConcurrency().catch((error: unknown) => {
      throw new Error(`The account does not answer (credentials: AWS_PROFILE or keys; region: AWS_REGION): ${error instanceof Error ? error.message : String(error)}`);
    });
    // Lambda refuses a reservation that leaves less than its minimum unreserved: a new account deploys without caps.
    if (!decideConcurrency(account, given.reservedConcurrency).reserve) context = { ...context, ...WITHOUT_CAPS };
  }
  const outdir = fromRoot('.local', 'aws', 'cdk.out');
  mkdirSync(path.dirname(outdir), { recursive: true });
  console.log(options.dryRun ? 'WattWise deploy, dry run: nothing is asked of AWS.\n' : 'WattWise deploy\n');

  if (options.build || !existsSync(fromRoot('web', 'dist', 'index.html'))) {
    console.log('Building the web app ...');
    await buildWeb();
  }
  console.log('Synthesizing for AWS and checking (cdk-nag, CloudFormation limits) ...');
  const { settings, directory } = synthesize(context, outdir);
  const plan = planOf(directory);
  console.log(`\n${formatPlan(plan, settings)}\n`);
  const problems = problemsOf(plan);
  if (problems.length) throw new Error(`The templates would fail:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  console.log(concurrencyLines(account, given.reservedConcurrency).join('\n'));

  const app = path.relative(fromRoot(), directory);
  if (options.dryRun) {
    console.log(['', 'A deploy would then run:', `  cdk bootstrap --app ${app}   (no change when the account has version ${plan.bootstrap.version} or later)`, `  cdk deploy --app ${app} --all --require-approval never`].join('\n'));
    if (!settings.rootEmail) console.log('\nA deploy needs rootEmail: -c rootEmail=you@example.com.');
    return;
  }
  console.log('\nBootstrapping the account and region (no change when it is bootstrapped already) ...');
  await run('npx', ['cdk', 'bootstrap', '--app', app]);
  const outputsFile = fromRoot('.local', 'aws', 'outputs.json');
  const previousOutputs = existsSync(outputsFile) ? (JSON.parse(readFileSync(outputsFile, 'utf8')) as Outputs) : null;
  await flagLegacyPacksBeforeDeploy(previousOutputs);
  await flagLegacyRawBeforeDeploy(previousOutputs);
  console.log('\nDeploying every stack, in order ...');
  await run('npx', ['cdk', 'deploy', '--app', app, '--all', '--require-approval', 'never', '--outputs-file', outputsFile, '--progress', 'events']);
  const outputs = JSON.parse(readFileSync(outputsFile, 'utf8')) as Outputs;
  await migrateRollupPacksAfterDeploy(outputs);
  await runDataMigrationsAfterDeploy(outputs);
  console.log(`\n${signInLines(outputs, settings).join('\n')}`);
};

main().catch((error: unknown) => {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
