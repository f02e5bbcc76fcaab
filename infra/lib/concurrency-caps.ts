/**
 * Reserved concurrency of the background functions: a cap each, so that a burst of imports, jobs
 * or prints never takes the account's concurrency from sign-in and the API. A reservation also
 * sets that much aside from the account's pool, and Lambda refuses one that leaves fewer than 10
 * unreserved: a new account's quota is often 10, so the caps are configuration (context
 * `reservedConcurrency`), and `off` leaves every function uncapped. The reasons are in
 * docs/operations/aws-limits.md.
 */
export const BACKGROUND_FUNCTIONS = [
  'fileImports',
  'seriesJobs',
  'scheduledJobs',
  'reportPdf',
  'customerDeletion',
  'databaseDump',
  'applicationUpdate',
  'logForwarder',
] as const;
export type BackgroundFunction = (typeof BACKGROUND_FUNCTIONS)[number];

/** A cap per background function; one left out runs uncapped. */
export type ConcurrencyCaps = Partial<Record<BackgroundFunction, number>>;

/** What an AWS deployment reserves unless told otherwise: 25 in all, for an account with the default quota of 1,000. */
export const DEFAULT_CONCURRENCY_CAPS: Readonly<Required<ConcurrencyCaps>> = {
  // One invocation per file, up to 1 GB and 15 minutes each, writing the series table: five files at once
  // keep an upload of many files moving; the rest wait in Lambda's asynchronous queue (retried up to 6 hours).
  fileImports: 5,
  // Recomputations (calculated points, merges, purges) started asynchronously and idempotent: three at a time.
  seriesJobs: 3,
  // Schedules that fall on the same minute (hourly retrievals, alerts, reminders) start together: five at a time,
  // the others wait in the asynchronous queue; a fire is idempotent for its due time.
  scheduledJobs: 5,
  // Chromium with 2 GB, called synchronously by the reports endpoint and by subscriptions: three prints at a time;
  // a fourth is throttled and retried by the caller's SDK.
  reportPdf: 3,
  // Rare, and each run starts the next: two customers' deletions at once.
  customerDeletion: 2,
  // A dump reads a whole table: one at a time.
  databaseDump: 1,
  // A restart or an update touches every function: one at a time.
  applicationUpdate: 1,
  // Every function's log lines reach it (CloudWatch Logs invokes it asynchronously, a batch at a time), so it runs as
  // often as the whole app logs: five at a time; a throttled batch waits in Lambda's asynchronous queue.
  logForwarder: 5,
};

/** The total a set of caps reserves from the account's pool. */
export const reservedTotal = (caps: ConcurrencyCaps): number => Object.values(caps).reduce((sum, cap) => sum + (cap ?? 0), 0);

/**
 * The caps from context: absent or `default` gives the defaults, `off` none, and
 * `name=N` or `name=off` entries (comma-separated) change the defaults one by one
 * (`reportPdf=5,databaseDump=off`). Anything else stops the synthesis.
 */
export const parseConcurrencyCaps = (value: unknown): ConcurrencyCaps => {
  const setting = value === undefined || value === null ? '' : String(value).trim();
  if (setting === '' || setting === 'default') return { ...DEFAULT_CONCURRENCY_CAPS };
  if (setting === 'off') return {};
  const caps: ConcurrencyCaps = { ...DEFAULT_CONCURRENCY_CAPS };
  for (const entry of setting.split(',').map((part) => part.trim())) {
    const [name, cap] = entry.split('=').map((part) => part?.trim());
    if (!(BACKGROUND_FUNCTIONS as readonly string[]).includes(name)) {
      throw new Error(`reservedConcurrency: unknown function ${name} (one of ${BACKGROUND_FUNCTIONS.join(', ')})`);
    }
    if (cap === 'off') {
      delete caps[name as BackgroundFunction];
      continue;
    }
    const number = Number(cap);
    // 0 would stop the function altogether: a cap is at least 1.
    if (!Number.isInteger(number) || number < 1) throw new Error(`reservedConcurrency: ${name} must be a whole number above zero or off, not ${cap}`);
    caps[name as BackgroundFunction] = number;
  }
  return caps;
};
