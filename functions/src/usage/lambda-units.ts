/**
 * What Lambda bills an invocation: one request, and its duration rounded up to the millisecond
 * times the memory configured for the function (whatever it used), in GB-seconds.
 */
export const billedMilliseconds = (durationMs: number): number => Math.max(1, Math.ceil(durationMs));

export const gbSeconds = (memoryMb: number, durationMs: number): number => (memoryMb / 1024) * (billedMilliseconds(durationMs) / 1000);

/**
 * Lambda gives a function CPU in proportion to its memory: one full vCPU at 1,769 MB
 * (docs.aws.amazon.com/lambda/latest/dg/configuration-memory.html), a share of it below. A Node
 * handler runs on one thread, so more than one vCPU does not make it faster.
 */
export const FULL_VCPU_MB = 1769;

/** What an invocation measured: its wall time and the CPU time its process spent meanwhile. */
export interface MeasuredInvocation {
  durationMs: number;
  /** Absent on lines written before the meter counted CPU: the duration is then taken as measured. */
  cpuMs?: number;
  /** How many invocations this one stands for (a sample scaled to a month); 1 when absent. */
  weight?: number;
}

/**
 * The duration an invocation would take at `memoryMb` on AWS, from one measured on a full core
 * (the emulator gives every function the machine's CPU, whatever its memory): the time spent
 * waiting (DynamoDB, S3, a provider) stays, the CPU time stretches by the share of a vCPU the
 * memory buys. AWS Lambda Power Tuning measures the same curve by running the function at each
 * size; here the two parts are measured once and the curve computed.
 */
export const durationAtMemory = (invocation: MeasuredInvocation, memoryMb: number): number => {
  const cpuMs = Math.min(invocation.cpuMs ?? 0, invocation.durationMs);
  const waitingMs = invocation.durationMs - cpuMs;
  const share = Math.min(1, memoryMb / FULL_VCPU_MB);
  return waitingMs + cpuMs / share;
};

/** The GB-seconds of invocations measured here, as billed at `memoryMb`. */
export const gbSecondsAtMemory = (invocations: readonly MeasuredInvocation[], memoryMb: number): number =>
  invocations.reduce((total, invocation) => total + (invocation.weight ?? 1) * gbSeconds(memoryMb, durationAtMemory(invocation, memoryMb)), 0);

/** One memory size weighed for a function: its GB-s and the slowest of its invocations there. */
export interface MemoryOption {
  memoryMb: number;
  gbSeconds: number;
  slowestMs: number;
}

/**
 * Power tuning from measurement: the memory size, among `candidates`, that bills the fewest GB-s
 * for the invocations measured, among those that hold the function's resident memory with
 * `headroom` and keep its slowest invocation within `maxSlowdown` of that at a full vCPU, or
 * within `toleranceMs` of it (an interactive function keeps its latency; a background one takes
 * the cheapest). Ties go to the larger size (the same cost, faster).
 */
export const cheapestMemory = (
  invocations: readonly (MeasuredInvocation & { rssMb?: number })[],
  options: { candidates?: readonly number[]; headroom?: number; maxSlowdown?: number; toleranceMs?: number } = {},
): { chosen: MemoryOption; options: MemoryOption[] } => {
  const candidates = options.candidates ?? [256, 512, 1024, FULL_VCPU_MB];
  const headroom = options.headroom ?? 1.5;
  const floorMb = Math.max(0, ...invocations.map((invocation) => invocation.rssMb ?? 0)) * headroom;
  const slowest = (memoryMb: number) => Math.max(0, ...invocations.map((invocation) => durationAtMemory(invocation, memoryMb)));
  const fastest = slowest(FULL_VCPU_MB);
  const weighed = candidates.map((memoryMb) => ({ memoryMb, gbSeconds: gbSecondsAtMemory(invocations, memoryMb), slowestMs: slowest(memoryMb) }));
  const allowed = weighed.filter(
    (option) =>
      option.memoryMb >= floorMb &&
      (options.maxSlowdown === undefined || option.slowestMs <= Math.max(fastest * options.maxSlowdown, fastest + (options.toleranceMs ?? 0))),
  );
  const pool = allowed.length > 0 ? allowed : [weighed.reduce((largest, option) => (option.memoryMb > largest.memoryMb ? option : largest))];
  const chosen = pool.reduce((best, option) =>
    option.gbSeconds < best.gbSeconds || (option.gbSeconds === best.gbSeconds && option.memoryMb > best.memoryMb) ? option : best,
  );
  return { chosen, options: weighed };
};
