import { describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';

describe('eventually', () => {
  it('returns the first value the condition accepts', async () => {
    let reads = 0;
    expect(await eventually(async () => (reads += 1), (value) => value === 2, 5_000)).toBe(2);
  });

  it('fails when the time is up, saying the last value read', async () => {
    await expect(eventually(async () => ({ state: 'running' }), (value) => value.state === 'done', 400)).rejects.toThrow(
      "Not accepted within 400 ms; last value: { state: 'running' }",
    );
  });

  it('tries a failing read again, and says its last error when the time is up', async () => {
    let reads = 0;
    const read = async () => {
      reads += 1;
      if (reads === 1) return 'first';
      throw new Error('connection refused');
    };
    await expect(eventually(read, () => false, 400)).rejects.toThrow("last value: 'first'; last error: connection refused");
    let failures = 0;
    const flaky = async () => {
      if ((failures += 1) < 2) throw new Error('not yet');
      return 'ready';
    };
    expect(await eventually(flaky, (value) => value === 'ready', 5_000)).toBe('ready');
  });
});
