import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { atMost, queriesInFlightSettled } from '../../../web/src/lib/queries-in-flight';

/** A call whose answer comes when the test lets it go. */
const heldCall = <T>(value: T) => {
  let release = () => {};
  let fail = () => {};
  const answer = new Promise<T>((resolve, reject) => {
    release = () => resolve(value);
    fail = () => reject(new Error('refused'));
  });
  return { answer, release: () => release(), fail: () => fail() };
};

/** Whether a promise has settled by now (after the microtasks queued so far). */
const settledYet = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
};

describe('the first screen\'s calls, for the boot\'s renewal to wait for them', () => {
  it('settles once every query out when asked has answered or failed, not before', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const markers = heldCall(['site']);
    const tabs = heldCall(['tab']);
    void client.prefetchQuery({ queryKey: ['markers'], queryFn: () => markers.answer });
    void client.prefetchQuery({ queryKey: ['tabs'], queryFn: () => tabs.answer });
    const settled = queriesInFlightSettled(client);

    expect(await settledYet(settled)).toBe(false);
    markers.release();
    expect(await settledYet(settled)).toBe(false);
    // A call refused (a stored token the server no longer takes) counts as answered: the renewal tells.
    tabs.fail();
    expect(await settledYet(settled)).toBe(true);
  });

  it('does not wait for a query asked after it (the frame\'s own calls, once drawn)', async () => {
    const client = new QueryClient();
    const first = heldCall(1);
    void client.prefetchQuery({ queryKey: ['first'], queryFn: () => first.answer });
    const settled = queriesInFlightSettled(client);
    const later = heldCall(2);
    void client.prefetchQuery({ queryKey: ['later'], queryFn: () => later.answer });
    first.release();
    expect(await settledYet(settled)).toBe(true);
  });

  it('settles at once when nothing is out, and when a query out is removed (the session ended, the cache cleared)', async () => {
    const client = new QueryClient();
    expect(await settledYet(queriesInFlightSettled(client))).toBe(true);
    const held = heldCall(1);
    void client.prefetchQuery({ queryKey: ['held'], queryFn: () => held.answer });
    const settled = queriesInFlightSettled(client);
    expect(await settledYet(settled)).toBe(false);
    client.clear();
    expect(await settledYet(settled)).toBe(true);
  });

  it('waits no longer than its limit', async () => {
    vi.useFakeTimers();
    try {
      const never = new Promise(() => {});
      let done = false;
      void atMost(never, 2_500).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(2_499);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
      const answered = Promise.resolve();
      let early = false;
      void atMost(answered, 2_500).then(() => (early = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(early).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
