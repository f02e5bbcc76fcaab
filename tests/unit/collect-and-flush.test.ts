import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectAndFlush } from '../../web/src/lib/collect-and-flush';

describe('refreshing widgets after new data', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 5 s after the last news and refreshes once for every point named meanwhile', () => {
    const flushed: string[][] = [];
    const collector = collectAndFlush<string>(5_000, (points) => flushed.push([...points]));
    collector.add(['pt-a']);
    vi.advanceTimersByTime(4_000);
    collector.add(['pt-b', 'pt-a']);
    vi.advanceTimersByTime(4_999);
    expect(flushed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(flushed).toEqual([['pt-a', 'pt-b']]);
  });
});
