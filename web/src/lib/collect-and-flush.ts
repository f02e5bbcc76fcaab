/**
 * Gathers items and hands them over together once none has come for `delayMs` (spec 1 §4.5:
 * widgets refresh 5 seconds after new data arrives), so a burst of writes refreshes once.
 */
export const collectAndFlush = <T>(delayMs: number, flush: (items: Set<T>) => void) => {
  let items = new Set<T>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    add: (more: Iterable<T>) => {
      for (const item of more) items.add(item);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const ready = items;
        items = new Set();
        flush(ready);
      }, delayMs);
    },
    cancel: () => clearTimeout(timer),
  };
};
