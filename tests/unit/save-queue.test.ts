import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSaveQueue } from '../../web/src/lib/save-queue';

describe('the save queue of widget positions', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves only the latest state after the quiet spell', async () => {
    const saved: [string, number][] = [];
    const queue = createSaveQueue<number>(async (id, state) => void saved.push([id, state]), 500, () => undefined);
    queue.schedule('a', 1);
    await vi.advanceTimersByTimeAsync(300);
    queue.schedule('a', 2);
    queue.schedule('b', 7);
    await vi.advanceTimersByTimeAsync(499);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toEqual([['a', 2], ['b', 7]]);
  });

  it('saves a change made during a save right after it, never two saves of one item at once', async () => {
    const events: string[] = [];
    let release: () => void = () => undefined;
    const queue = createSaveQueue<number>(
      (id, state) =>
        new Promise<void>((resolve) => {
          events.push(`start ${state}`);
          release = () => {
            events.push(`end ${state}`);
            resolve();
          };
        }),
      200,
      () => undefined,
    );
    queue.schedule('a', 1);
    await vi.advanceTimersByTimeAsync(200);
    queue.schedule('a', 2);
    await vi.advanceTimersByTimeAsync(200);
    expect(events).toEqual(['start 1']);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['start 1', 'end 1', 'start 2']);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('reports a failed save and goes on with the others', async () => {
    const failures: string[] = [];
    const queue = createSaveQueue<number>(async (id) => { if (id === 'a') throw new Error('refused'); }, 100, (id) => failures.push(id));
    queue.schedule('a', 1);
    queue.schedule('b', 1);
    await queue.flush();
    expect(failures).toEqual(['a']);
  });
});
