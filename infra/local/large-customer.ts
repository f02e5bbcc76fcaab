import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { fromRoot } from '../lib/paths';

/** Where the large customer is written: a deployment's seed function. */
export interface LargeSeedTarget {
  endpoint: string;
  seedFunctionName: string;
}

export interface LargeSeedRequest {
  /** The full size (1) times this. */
  scale?: number;
  size?: { seriesDays?: number; seriesShare?: number };
  /** Every large user's password (made by the caller, never in the repository). */
  password: string;
}

/** What the seed function answers (functions/src/services/large-customer-seed.ts, `largeSeedSummary`). */
export interface LargeSeedSummary {
  done: boolean;
  seriesDone: number;
  seriesTotal: number;
  seriesDays: number;
  seriesEnd: number;
  valuesWritten: number;
  valuesUnchanged: number;
  ms: { entities: number; schedules: number; series: number };
  customer: { _id: string; name: string };
  counts: { sites: number; points: number; users: number; alerts: number; tabs: number };
  sample: { buildingId: string; buildingName: string; pointTechnicalId: string };
}

/** A function run's share of the work: a progress line after each, and well inside its 15 minutes. */
const RUN_MS = 60_000;

/**
 * Seeds the large customer through the deployed seed function (the same repositories and bulk path
 * the product writes with, the alerts' schedules made by a function allowed to), a minute of work a
 * run: each run resumes where the one before stopped, until it answers `done`. Answers the
 * summary of every run added up.
 */
export const seedLargeCustomerIn = async (
  target: LargeSeedTarget,
  request: LargeSeedRequest,
  onProgress: (summary: LargeSeedSummary, seconds: number) => void = () => {},
): Promise<LargeSeedSummary> => {
  const lambda = new LambdaClient({ endpoint: target.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
  const started = performance.now();
  let total: LargeSeedSummary | null = null;
  for (;;) {
    const answer = await lambda.send(
      new InvokeCommand({
        FunctionName: target.seedFunctionName,
        Payload: new TextEncoder().encode(JSON.stringify({ step: 'large', ...request, maxMs: RUN_MS })),
      }),
    );
    const text = new TextDecoder().decode(answer.Payload);
    if (answer.FunctionError) throw new Error(`Seeding the large customer failed: ${text}`);
    const run = JSON.parse(text) as LargeSeedSummary;
    total = total
      ? {
          ...run,
          valuesWritten: total.valuesWritten + run.valuesWritten,
          valuesUnchanged: total.valuesUnchanged + run.valuesUnchanged,
          ms: { entities: total.ms.entities + run.ms.entities, schedules: total.ms.schedules + run.ms.schedules, series: total.ms.series + run.ms.series },
        }
      : run;
    onProgress(total, (performance.now() - started) / 1000);
    if (run.done) return total;
  }
};

/** A progress line per function run. */
export const printProgress = (summary: LargeSeedSummary, seconds: number): void =>
  console.log(
    `  large customer: ${summary.counts.sites} sites, ${summary.counts.points} points written; series ${summary.seriesDone}/${summary.seriesTotal} points ` +
      `(${summary.valuesWritten} values written, ${summary.valuesUnchanged} already there) after ${seconds.toFixed(0)} s`,
  );

/** The large customer's administrator, as `.local/<name>/large-accounts.json` keeps it. */
export interface LargeAccount {
  email: string;
  password: string;
  customer: string;
}

/** The large administrator's account of a deployment: made (with a new password) and kept before the first seeding, so a resumed one keeps it. */
export const largeAccountOf = (name: string): LargeAccount => {
  const file = fromRoot('.local', name, 'large-accounts.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LargeAccount;
  const account = { email: 'admin@hexagone-commerces.example', password: randomBytes(9).toString('base64url'), customer: 'cust-large' };
  writeFileSync(file, JSON.stringify(account, null, 2), { mode: 0o600 });
  return account;
};
