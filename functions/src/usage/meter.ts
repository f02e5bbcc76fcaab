/**
 * The usage of one invocation, counted while it runs and written as ONE `usage` log line when it
 * ends: DynamoDB request units, the calls made to each other AWS service, the bytes the function
 * logged, its duration and configured memory. What the cost bench (tests/bench/cost-bench.ts)
 * reads to price a customer's month; in production a sample of invocations says the same.
 *
 * Sampled per invocation by `USAGE_SAMPLE_RATE` (0 to 1; 0, the default, counts nothing and
 * writes nothing): the line itself is ingested by CloudWatch Logs like any other, so production
 * keeps a small sample (infra/lib/settings.ts), the cost bench every invocation.
 * A container runs one invocation at a time, so the counters are the module's own.
 */

export interface Usage {
  /** Read request units, computed from the sizes of the items read (dynamodb-units.ts). */
  rcu: number;
  /** Write request units: DynamoDB's own ConsumedCapacity where it answered it, else computed from the items written. */
  wcu: number;
  /** Cross-check of the writes DynamoDB answered for: its table units against the units computed from the items put. */
  wcuCheck: { reported: number; computed: number };
  /** Bytes of the items put (the growth of storage, before overhead). */
  putBytes: number;
  /** Calls by `service:Operation` (DynamoDB's among them). */
  calls: Record<string, number>;
  /** Bytes of the function's own log lines (the usage line excepted). */
  logBytes: number;
  logLines: number;
}

const fresh = (): Usage => ({ rcu: 0, wcu: 0, wcuCheck: { reported: 0, computed: 0 }, putBytes: 0, calls: {}, logBytes: 0, logLines: 0 });

let current: Usage | null = null;
/** The process's CPU time when the metered invocation started (a container runs one invocation at a time). */
let cpuAtStart: NodeJS.CpuUsage | null = null;

/** The share of invocations metered: `USAGE_SAMPLE_RATE` between 0 and 1. */
export const usageSampleRate = (): number => {
  const rate = Number(process.env.USAGE_SAMPLE_RATE ?? 0);
  return Number.isFinite(rate) ? Math.min(1, Math.max(0, rate)) : 0;
};

/** Starts counting for a new invocation, if the sample takes it. */
export const startUsage = (draw: number = Math.random()): void => {
  const rate = usageSampleRate();
  current = rate > 0 && draw < rate ? fresh() : null;
  cpuAtStart = current ? process.cpuUsage() : null;
};

/** Whether the invocation running is metered (the DynamoDB meter then asks for ConsumedCapacity). */
export const metering = (): boolean => current !== null;

export const countCall = (name: string, count = 1): void => {
  if (current) current.calls[name] = (current.calls[name] ?? 0) + count;
};

export const countReadUnits = (units: number): void => {
  if (current) current.rcu += units;
};

export const countWriteUnits = (units: number, check?: { reported: number; computed: number }, putBytes = 0): void => {
  if (!current) return;
  current.wcu += units;
  current.putBytes += putBytes;
  if (check) {
    current.wcuCheck.reported += check.reported;
    current.wcuCheck.computed += check.computed;
  }
};

export const countLogLine = (bytes: number): void => {
  if (!current) return;
  current.logBytes += bytes;
  current.logLines += 1;
};

const round = (value: number): number => Math.round(value * 1000) / 1000;

/** Ends the invocation's count: the fields of its usage line, or null when it was not metered. */
export const finishUsage = (durationMs: number): Record<string, unknown> | null => {
  const usage = current;
  current = null;
  if (!usage) return null;
  // CPU time spent by the process during the invocation (user and system): what a smaller memory,
  // hence a smaller share of a vCPU on AWS, would stretch (lambda-units.ts `durationAtMemory`).
  const cpu = process.cpuUsage(cpuAtStart ?? undefined);
  cpuAtStart = null;
  return {
    fn: process.env.AWS_LAMBDA_FUNCTION_NAME ?? 'local',
    memoryMb: Number(process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE ?? 0),
    durationMs: round(durationMs),
    cpuMs: round((cpu.user + cpu.system) / 1000),
    // The resident memory at the end: the floor under any memory size chosen for the function.
    rssMb: round(process.memoryUsage().rss / 1_048_576),
    rcu: round(usage.rcu),
    wcu: round(usage.wcu),
    wcuCheck: { reported: round(usage.wcuCheck.reported), computed: round(usage.wcuCheck.computed) },
    putBytes: usage.putBytes,
    calls: usage.calls,
    logBytes: usage.logBytes,
    logLines: usage.logLines,
  };
};
