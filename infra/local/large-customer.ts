import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { GetFunctionConfigurationCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { fromRoot } from '../lib/paths';
import type { LargeSeedOptions, LargeSeedOutcome, LargeSeedProgress } from '../../functions/src/services/large-customer-seed';
import { awsEnvironment } from './emulator';

/** Where the large customer is written: a deployment's tables, and its seed function for the settings its alerts' schedules need. */
export interface LargeSeedTarget {
  endpoint: string;
  entitiesTable: string;
  seriesTable: string;
  /** Without it the alerts get no schedule (tests that do not fire them). */
  seedFunctionName?: string;
}

/** The large customer's administrator, as `.local/<name>/large-accounts.json` keeps it (the password made once per deployment). */
export interface LargeAccount {
  email: string;
  password: string;
  customer: string;
}

/**
 * Runs the seed in this process against the emulator's tables, with the settings of the deployed
 * seed function (its scheduler role and target), as the function itself would run it: the same
 * repositories and bulk path, without a function's time limit, and the progress shown here.
 */
export const seedLargeCustomerIn = async (target: LargeSeedTarget, options: Omit<LargeSeedOptions, 'schedules'>): Promise<LargeSeedOutcome> => {
  if (target.seedFunctionName) {
    const lambda = new LambdaClient({ endpoint: target.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
    const configuration = await lambda.send(new GetFunctionConfigurationCommand({ FunctionName: target.seedFunctionName }));
    Object.assign(process.env, configuration.Environment?.Variables ?? {});
  }
  Object.assign(process.env, awsEnvironment(target.endpoint), { ENTITIES_TABLE: target.entitiesTable, SERIES_TABLE: target.seriesTable });
  const { seedLargeCustomer } = await import('../../functions/src/services/large-customer-seed');
  return seedLargeCustomer({ ...options, schedules: Boolean(target.seedFunctionName) });
};

/** The large administrator's account of a deployment, made (with a new password) on first use. */
export const largeAccountOf = (name: string): LargeAccount => {
  const file = fromRoot('.local', name, 'large-accounts.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LargeAccount;
  return { email: 'admin@hexagone-commerces.example', password: randomBytes(9).toString('base64url'), customer: 'cust-large' };
};

export const saveLargeAccount = (name: string, account: LargeAccount): void => {
  writeFileSync(fromRoot('.local', name, 'large-accounts.json'), JSON.stringify(account, null, 2), { mode: 0o600 });
};

/** A progress line printer: one line per step change, and every tenth of the series. */
export const progressPrinter = (prefix = '  large customer') => {
  const started = performance.now();
  let lastTenth = -1;
  return (progress: LargeSeedProgress) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    if (progress.step === 'series') {
      const tenth = Math.floor((progress.done / progress.total) * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
    }
    console.log(`${prefix}: ${progress.step} ${progress.done}/${progress.total} (${seconds} s)`);
  };
};
