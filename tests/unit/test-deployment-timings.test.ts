import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Node } from 'constructs';
import { readSettings } from '../../infra/lib/settings';
import { ALERT_CHUNK_SIZE } from '../../functions/src/services/alert-schedules';
import { TEST_ACCESS_FACTS_TTL_MS, TEST_ALERT_CHUNK_SIZE, TEST_REMOTE_FILE_SETTLE_MS } from '../../infra/local/test-deployment-settings';

const settingsWith = (context: Record<string, unknown>) => readSettings({ tryGetContext: (key: string) => context[key] } as unknown as Node);

/** The functions' setting as a fresh container would read it, with `variables` in its environment. */
const settleMsWith = async (variables: Record<string, string>): Promise<number> => {
  vi.resetModules();
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
  return (await import('../../functions/src/services/remote-file-selection')).SETTLE_MS;
};

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("the test deployment's shorter waits", () => {
  it('leave production with its own times: no context, no override; a given one is a whole number of ms above zero', () => {
    expect(settingsWith({})).toMatchObject({ accessFactsTtlMs: null, remoteFileSettleMs: null, alertChunkSize: null });
    expect(settingsWith({ alertChunkSize: '5' })).toMatchObject({ alertChunkSize: 5 });
    expect(() => settingsWith({ alertChunkSize: '0' })).toThrow(/alertChunkSize/);
    expect(settingsWith({ accessFactsTtlMs: '2000', remoteFileSettleMs: '3000' })).toMatchObject({ accessFactsTtlMs: 2000, remoteFileSettleMs: 3000 });
    expect(() => settingsWith({ accessFactsTtlMs: '0' })).toThrow(/accessFactsTtlMs/);
    expect(() => settingsWith({ remoteFileSettleMs: '1.5' })).toThrow(/remoteFileSettleMs/);
  });

  it('are read by the functions: a file settles in 10 s unless the deployment says otherwise', async () => {
    expect(await settleMsWith({})).toBe(10_000);
    expect(await settleMsWith({ REMOTE_FILE_SETTLE_MS: String(TEST_REMOTE_FILE_SETTLE_MS) })).toBe(TEST_REMOTE_FILE_SETTLE_MS);
  });

  it('stay shorter than production but long enough to be a cache and a wait', () => {
    expect(TEST_ACCESS_FACTS_TTL_MS).toBeGreaterThanOrEqual(1_000);
    expect(TEST_ACCESS_FACTS_TTL_MS).toBeLessThan(15_000);
    // The growing-file test appends a row every 600 ms: a settle time of several rows.
    expect(TEST_REMOTE_FILE_SETTLE_MS).toBeGreaterThanOrEqual(3 * 600);
    expect(TEST_REMOTE_FILE_SETTLE_MS).toBeLessThan(10_000);
    // Chunks of a firing smaller than production's, so that 30 alerts are more turns than a customer's cap of two.
    expect(TEST_ALERT_CHUNK_SIZE).toBeLessThan(ALERT_CHUNK_SIZE);
    expect(Math.ceil(30 / TEST_ALERT_CHUNK_SIZE)).toBeGreaterThan(2);
  });
});
