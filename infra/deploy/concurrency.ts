import { reservedTotal, type ConcurrencyCaps } from '../lib/concurrency-caps';

/**
 * What `npm run deploy` does with the background functions' reserved concurrency (the caps of the
 * settings, infra/lib/concurrency-caps.ts, their reasons in docs/operations/aws-limits.md): it
 * reads the account's quota and reserves them only where Lambda keeps its minimum unreserved, else
 * deploys with `reservedConcurrency=off` and says so.
 */

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

export const decideConcurrency = (account: AccountConcurrency, caps: ConcurrencyCaps): ConcurrencyDecision => {
  const total = reservedTotal(caps);
  const room = account.unreserved - MINIMUM_UNRESERVED;
  return { total, room, reserve: total === 0 || room >= total };
};

/** The context that leaves the caps out, for an account without room for them. */
export const WITHOUT_CAPS = { reservedConcurrency: 'off' } as const;

/** What the deploy prints about concurrency: the caps it reserves, or why it leaves them out. */
export const concurrencyLines = (account: AccountConcurrency | null, caps: ConcurrencyCaps): string[] => {
  const listed = Object.entries(caps).map(([name, cap]) => `    ${name.padEnd(18)} ${String(cap).padStart(2)}`);
  const why = '  (why each: docs/operations/aws-limits.md; -c reservedConcurrency= changes them)';
  if (listed.length === 0) return ['Reserved concurrency: none (reservedConcurrency=off).'];
  if (!account) return ['Reserved concurrency for the background functions (checked against the account at deploy: GetAccountSettings):', ...listed, why];
  const decision = decideConcurrency(account, caps);
  const head = `Reserved concurrency: the account's quota is ${account.quota}, ${account.unreserved} unreserved; Lambda keeps ${MINIMUM_UNRESERVED} unreserved.`;
  if (!decision.reserve) {
    return [
      head,
      `  The caps (${decision.total} in all) would leave less than ${MINIMUM_UNRESERVED} unreserved: they are left out (reservedConcurrency=off). Ask AWS Support`,
      '  for a higher "Concurrent executions" quota (Service Quotas → AWS Lambda) before the product carries real load.',
      ...listed,
    ];
  }
  return [head, `  Reserving ${decision.total} for the background functions, leaving ${account.unreserved - decision.total} for sign-in and the API:`, ...listed, why];
};
