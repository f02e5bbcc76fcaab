import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The module afresh: it holds the boot's one moment. */
const freshModule = async () => {
  vi.resetModules();
  return import('../../../web/src/lib/first-screen-calls');
};

const settledYet = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(0);
  return settled;
};

describe('the shell\'s own calls follow the first screen\'s', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('are let go once the first screen\'s calls have answered, not before', async () => {
    const { firstScreenCallsAsked, firstScreenAnswered } = await freshModule();
    let answer = () => {};
    firstScreenCallsAsked(new Promise<void>((resolve) => (answer = resolve)));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await settledYet(firstScreenAnswered())).toBe(false);
    answer();
    expect(await settledYet(firstScreenAnswered())).toBe(true);
  });

  it('are let go FIRST_SCREEN_WAIT_MS after the calls were asked at the latest', async () => {
    const { firstScreenCallsAsked, firstScreenAnswered, FIRST_SCREEN_WAIT_MS } = await freshModule();
    firstScreenCallsAsked(new Promise(() => {}));
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1);
    expect(await settledYet(firstScreenAnswered())).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledYet(firstScreenAnswered())).toBe(true);
  });

  it('are let go at once when the boot asked nothing (a sign-in, the login page)', async () => {
    const { firstScreenCallsAsked, firstScreenAnswered } = await freshModule();
    firstScreenCallsAsked(Promise.resolve());
    expect(await settledYet(firstScreenAnswered())).toBe(true);
  });
});
