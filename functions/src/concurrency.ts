/**
 * Runs `work` on every item with at most `limit` running at once, in the items' order of start;
 * the first failure stops starting new ones and is thrown once the running ones have settled.
 */
export const forEachConcurrently = async <T>(items: Iterable<T>, limit: number, work: (item: T) => Promise<void>): Promise<void> => {
  const queue = [...items];
  let failure: { error: unknown } | null = null;
  const worker = async (): Promise<void> => {
    while (queue.length > 0 && !failure) {
      const item = queue.shift() as T;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
};
