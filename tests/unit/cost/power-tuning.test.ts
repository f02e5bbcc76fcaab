import { describe, expect, it } from 'vitest';
import { cheapestMemory, durationAtMemory, FULL_VCPU_MB, gbSecondsAtMemory } from '../../../functions/src/usage/lambda-units';
import { memoryAdvice, waiterOf, type UsageLine, type WorkSample } from '../../bench/cost/cost-model';

describe('durations at another memory size', () => {
  it('keeps the waiting and stretches the CPU time by the share of a vCPU the memory buys', () => {
    const invocation = { durationMs: 300, cpuMs: 100 };
    expect(durationAtMemory(invocation, FULL_VCPU_MB)).toBeCloseTo(300, 10);
    expect(durationAtMemory(invocation, 2 * FULL_VCPU_MB)).toBeCloseTo(300, 10); // one thread: no faster above one vCPU
    expect(durationAtMemory(invocation, FULL_VCPU_MB / 2)).toBeCloseTo(200 + 200, 10);
    expect(durationAtMemory(invocation, 256)).toBeCloseTo(200 + (100 * FULL_VCPU_MB) / 256, 8);
  });

  it('takes a line without CPU time as measured, and never counts more CPU than wall time', () => {
    expect(durationAtMemory({ durationMs: 120 }, 128)).toBe(120);
    expect(durationAtMemory({ durationMs: 50, cpuMs: 80 }, FULL_VCPU_MB / 2)).toBeCloseTo(100, 10);
  });

  it('bills GB-s at the memory, each invocation weighted by what it stands for', () => {
    // 1,000 ms of waiting, no CPU: 512 MB bill half of 1,024 MB.
    expect(gbSecondsAtMemory([{ durationMs: 1000, cpuMs: 0, weight: 10 }], 512)).toBeCloseTo(5, 10);
    expect(gbSecondsAtMemory([{ durationMs: 1000, cpuMs: 0, weight: 10 }], 1024)).toBeCloseTo(10, 10);
  });
});

describe('the cheapest memory', () => {
  it('goes small for a function that waits, and stays at a full vCPU for one that computes', () => {
    expect(cheapestMemory([{ durationMs: 400, cpuMs: 20 }]).chosen.memoryMb).toBe(256);
    // All CPU: GB-s are the same at every size up to one vCPU; the tie goes to the faster size.
    expect(cheapestMemory([{ durationMs: 400, cpuMs: 400 }]).chosen.memoryMb).toBe(FULL_VCPU_MB);
  });

  it('holds the resident memory with headroom and an interactive function within its slowdown', () => {
    expect(cheapestMemory([{ durationMs: 400, cpuMs: 20, rssMb: 300 }]).chosen.memoryMb).toBe(512);
    // 100 ms of CPU in 200: at 1,024 MB the call takes 273 ms (+37 %), at 1,769 MB 200 ms.
    const computed = [{ durationMs: 200, cpuMs: 100 }];
    expect(cheapestMemory(computed, { maxSlowdown: 1.25 }).chosen.memoryMb).toBe(FULL_VCPU_MB);
    expect(cheapestMemory(computed, { maxSlowdown: 1.5 }).chosen.memoryMb).toBe(1024);
    // A few milliseconds never count: within 100 ms of the fastest is allowed whatever the ratio.
    expect(cheapestMemory(computed, { maxSlowdown: 1.25, toleranceMs: 100 }).chosen.memoryMb).toBe(1024);
  });
});

describe("the bench's memory advice", () => {
  const line = (fn: string, durationMs: number, cpuMs: number): UsageLine => ({ fn, memoryMb: 1024, durationMs, cpuMs, rssMb: 120, rcu: 0, wcu: 0, calls: {}, logBytes: 0 });
  const sample = (usage: UsageLine[], perMonth: number, fixed = false): WorkSample => ({
    kind: 'k',
    unit: 'u',
    measured: 1,
    perMonth,
    basis: 'b',
    fixed,
    usage,
    driver: { restRequests: 0, restBytes: 0, websocketMessages: 0, websocketConnectionMinutes: 0, schedulerInvocations: 0, staticRequests: 0, staticBytes: 0 },
  });

  it('weighs each function by its month, leaves the fixed sweeps and the PDF printer out and keeps API groups fast', () => {
    const functions = new Map([
      ['WattWiseApi-ScheduledJobsABC', { memoryMb: 1024, architecture: 'arm64' as const }],
      ['WattWiseApi-DashboardsEndpointsABC', { memoryMb: 512, architecture: 'arm64' as const }],
    ]);
    const advice = memoryAdvice(
      [
        sample([line('WattWiseApi-ScheduledJobsABC', 100, 5)], 1000),
        sample([line('WattWiseApi-DashboardsEndpointsABC', 100, 60)], 10),
        sample([line('WattWiseApi-OutboxSweepABC', 100, 5)], 1000, true),
        sample([line('WattWiseApi-ReportPdfABC', 3000, 300)], 10),
      ],
      functions,
    );
    expect(advice.map((entry) => entry.fn).sort()).toEqual(['WattWiseApi-DashboardsEndpointsABC', 'WattWiseApi-ScheduledJobsABC']);
    const jobs = advice.find((entry) => entry.fn.includes('ScheduledJobs'))!;
    expect(jobs).toMatchObject({ configuredMb: 1024, waiter: 'background', invocationsPerMonth: 1000 });
    // Mostly waiting: the smallest size weighed.
    expect(jobs.chosen.memoryMb).toBe(512);
    // Billed by the millisecond, rounded up: 95 ms waiting + 8.6 ms of CPU at 1,024 MB → 104 ms.
    expect(jobs.atConfigured.gbSeconds).toBeCloseTo((1000 * Math.ceil(95 + (5 * 1769) / 1024)) / 1000, 6);
    const api = advice.find((entry) => entry.fn.includes('Dashboards'))!;
    expect(api.waiter).toBe('interactive');
    // 60 ms of CPU in 100: 512 MB take 247 ms, 1,024 MB 144 ms (+44 %, but within 50 ms), 1,769 MB 100 ms.
    expect(api.chosen.memoryMb).toBe(1024);
  });

  it('lets a watched import slow by half at most', () => {
    expect(waiterOf('WattWiseApi-FileImportsABC')).toBe('watched');
    const functions = new Map([['WattWiseApi-FileImportsABC', { memoryMb: 1024, architecture: 'arm64' as const }]]);
    // 20 s with 12 s of CPU: 512 MB take 49.5 s, 1,024 MB 28.7 s (+43 %), 1,769 MB 20 s.
    const [imports] = memoryAdvice([sample([line('WattWiseApi-FileImportsABC', 20_000, 12_000)], 30)], functions);
    expect(imports.chosen.memoryMb).toBe(1024);
  });
});
