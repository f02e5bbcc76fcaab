/**
 * Reserved-concurrency caps for the background functions, so that a burst of imports, jobs or
 * prints cannot take the account's concurrency away from sign-in and the API. Not applied yet (the
 * settings have no caps): `npm run deploy` reads the account's quota and says what it would reserve.
 * Each cap is a ceiling on work that waits well: asynchronous invocations over it are queued by
 * Lambda and retried for up to six hours, not lost.
 */
export const BACKGROUND_CAPS: readonly { fn: string; cap: number; why: string }[] = [
  { fn: 'ScheduledJobs', cap: 10, why: 'every alert, reminder, subscription and retriever due at the same minute; ten at a time clears a busy minute in seconds' },
  { fn: 'FileImports', cap: 5, why: 'one run per meter file at 1 GB; five files at once keep a morning of uploads moving' },
  { fn: 'SeriesJobs', cap: 5, why: 'calculated points, merges and purges recompute from what is stored: they can wait their turn' },
  { fn: 'ReportPdf', cap: 3, why: 'Chromium at 2 GB each; a subscription burst queues instead of filling the account (a print asked on screen waits at most its 29 s)' },
  { fn: 'CustomerDeletion', cap: 2, why: 'a deletion continues run after run; two customers at once is more than operations ever ask' },
  { fn: 'DatabaseDump', cap: 1, why: 'one dump at a time: each reads whole tables' },
  { fn: 'ApplicationUpdate', cap: 1, why: 'one restart or update at a time, by nature' },
];

/** Lambda keeps at least this much of the account's concurrency unreserved, for functions without a reservation. */
export const MINIMUM_UNRESERVED = 100;

export interface AccountConcurrency {
  /** The account's quota in the region (GetAccountSettings AccountLimit.ConcurrentExecutions). */
  quota: number;
  /** What no function has reserved (AccountLimit.UnreservedConcurrentExecutions). */
  unreserved: number;
}

export interface ConcurrencyDecision {
  total: number;
  /** What may be reserved without leaving Lambda's minimum unreserved. */
  room: number;
  reserve: boolean;
}

export const decideConcurrency = (account: AccountConcurrency): ConcurrencyDecision => {
  const total = BACKGROUND_CAPS.reduce((sum, { cap }) => sum + cap, 0);
  const room = account.unreserved - MINIMUM_UNRESERVED;
  return { total, room, reserve: room >= total };
};

/** What the deploy prints about concurrency: the caps it would reserve, or why it leaves them out. */
export const concurrencyLines = (account: AccountConcurrency | null): string[] => {
  const caps = BACKGROUND_CAPS.map(({ fn, cap, why }) => `    ${fn.padEnd(18)} ${String(cap).padStart(2)}  ${why}`);
  if (!account) return ['Reserved concurrency (read from the account at deploy: GetAccountSettings):', '  caps proposed for the background functions:', ...caps];
  const decision = decideConcurrency(account);
  const head = `Reserved concurrency: the account's quota is ${account.quota}, ${account.unreserved} unreserved; Lambda keeps ${MINIMUM_UNRESERVED} unreserved.`;
  if (!decision.reserve) {
    return [
      head,
      `  The caps (${decision.total} in all) would leave less than ${MINIMUM_UNRESERVED} unreserved: they are left out. Ask AWS Support for a higher`,
      '  "Concurrent executions" quota (Service Quotas → AWS Lambda) before the product carries real load.',
      ...caps,
    ];
  }
  return [
    head,
    `  It would reserve ${decision.total} for the background functions (${decision.room} reservable), leaving ${account.unreserved - decision.total} for sign-in and the API.`,
    '  Not applied by this version (the settings have no caps yet):',
    ...caps,
  ];
};
