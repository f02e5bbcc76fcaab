import { describe, expect, it } from 'vitest';
import { forEachConcurrently } from '../../functions/src/concurrency';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('forEachConcurrently', () => {
  it('runs every item, never more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await forEachConcurrently([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      done.push(item);
      running -= 1;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('throws the first failure after the running ones settle, and starts no new ones', async () => {
    const started: number[] = [];
    let settled = 0;
    const run = forEachConcurrently([1, 2, 3, 4, 5], 2, async (item) => {
      started.push(item);
      await tick();
      settled += 1;
      if (item === 1) throw new Error('boom 1');
    });
    await expect(run).rejects.toThrow('boom 1');
    expect(settled).toBe(started.length);
    expect(started.length).toBeLessThan(5);
  });

  it('does nothing for no items', async () => {
    await expect(forEachConcurrently([], 4, async () => {})).resolves.toBeUndefined();
  });
});
