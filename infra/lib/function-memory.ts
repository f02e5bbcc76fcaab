/**
 * Memory sizes chosen from measurement: `npm run bench:cost` weighs each function it meters at
 * 512, 1,024 and 1,769 MB from its invocations' wall and CPU times (Lambda gives one vCPU at
 * 1,769 MB, a share of it below) and picks the cheapest month that keeps a person's wait: an API
 * group's slowest call within +25 % (or 50 ms) of a full vCPU's, a file import within +50 %,
 * scheduled work the cheapest (tests/bench/cost/cost-model.ts `memoryAdvice`; the figures in
 * docs/benchmarks/cost.md, "Each function's memory"). Functions not listed keep their default
 * (512 MB, 1,024 MB for jobs); the report printer's Chromium, which the meter cannot see, keeps
 * its 2,048 MB.
 */
export const MEASURED_MEMORY_MB: Readonly<Record<string, number>> = {
  // Mostly waiting on DynamoDB and providers (29 % CPU): 512 MB bill 30 % fewer GB-s than 1,024.
  ScheduledJobs: 512,
  // A dashboard's series are computed (47 % CPU): 674 ms at 512 MB, 286 ms at 1,769 MB.
  DashboardsEndpoints: 1769,
  // Spreadsheets are built (86 % CPU): the same GB-s at every size, so the fastest.
  ExportsEndpoints: 1769,
  NotificationsEndpoints: 1024,
  UsersEndpoints: 1024,
  ReportsEndpoints: 1024,
  // All CPU for a few milliseconds: the same GB-s at 512 and 1,024 MB, the faster kept.
  Authorizer: 1024,
};
