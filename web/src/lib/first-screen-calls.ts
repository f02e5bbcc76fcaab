import { useSyncExternalStore } from 'react';
import { atMost } from './queries-in-flight';

/**
 * The longest what follows the first screen's calls waits for them at boot (ms): the stored
 * session's renewal (and the realtime channel opened with its token), and the frame's own calls
 * (the bell, the languages, the weather).
 */
export const FIRST_SCREEN_WAIT_MS = 2_500;

let answered = false;
const listeners = new Set<() => void>();
let markAnswered: () => void = () => undefined;
const answeredPromise = new Promise<void>((resolve) => {
  markAnswered = resolve;
});

/**
 * Called once by the boot (main.tsx) with the first screen's calls (settled once they have
 * answered): at a large customer's size, what the shell asks beside them slowed their answers
 * (docs/benchmarks/large.md), so the shell's own calls follow them. FIRST_SCREEN_WAIT_MS at most.
 */
export const firstScreenCallsAsked = (calls: Promise<unknown>): void => {
  void atMost(calls, FIRST_SCREEN_WAIT_MS).then(() => {
    if (answered) return;
    answered = true;
    markAnswered();
    listeners.forEach((listener) => listener());
  });
};

/** Settles once the first screen's calls have answered (or FIRST_SCREEN_WAIT_MS after they were asked). */
export const firstScreenAnswered = (): Promise<void> => answeredPromise;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the first screen's calls have answered: the frame's own queries are enabled from then on. */
export const useFirstScreenAnswered = (): boolean => useSyncExternalStore(subscribe, () => answered);
