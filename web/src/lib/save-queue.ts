/**
 * Saves the latest state of each item after a quiet spell (spec 3 §9: save debounce 200 to
 * 1000 ms). A change made while an item's save is in flight is saved right after it, with the
 * newest state: two changes in a row never lose the second, and no item is saved twice at once.
 */
export interface SaveQueue<T> {
  schedule: (id: string, state: T) => void;
  /** Saves everything scheduled now (leaving a page). */
  flush: () => Promise<void>;
}

export const createSaveQueue = <T>(save: (id: string, state: T) => Promise<void>, delayMs: number, onError: (id: string, error: unknown) => void): SaveQueue<T> => {
  const pending = new Map<string, T>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const inFlight = new Map<string, Promise<void>>();

  const run = async (id: string): Promise<void> => {
    timers.delete(id);
    const running = inFlight.get(id);
    if (running) {
      await running;
      if (pending.has(id) && !inFlight.has(id) && !timers.has(id)) await run(id);
      return;
    }
    const state = pending.get(id);
    if (state === undefined) return;
    pending.delete(id);
    const saving = save(id, state)
      .catch((error: unknown) => onError(id, error))
      .finally(() => inFlight.delete(id));
    inFlight.set(id, saving);
    await saving;
    if (pending.has(id) && !timers.has(id)) await run(id);
  };

  return {
    schedule: (id, state) => {
      pending.set(id, state);
      clearTimeout(timers.get(id));
      timers.set(id, setTimeout(() => void run(id), delayMs));
    },
    flush: async () => {
      for (const [id, timer] of timers) {
        clearTimeout(timer);
        timers.delete(id);
      }
      await Promise.all([...pending.keys()].map((id) => run(id)));
    },
  };
};
