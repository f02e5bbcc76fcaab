import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * Settles once none of the queries out now (fetching) is out any more — answered, failed, or
 * removed from the cache — for the boot to know when the first screen's calls have answered
 * (the stored session's renewal waits for them: use-restore-session.ts).
 */
export const queriesInFlightSettled = (queryClient: QueryClient): Promise<void> => {
  const cache = queryClient.getQueryCache();
  const out = cache.findAll({ fetchStatus: 'fetching' });
  const settled = (query: Query) => query.state.fetchStatus !== 'fetching' || cache.get(query.queryHash) !== query;
  return new Promise((resolve) => {
    if (out.every(settled)) return resolve();
    const unsubscribe = cache.subscribe(() => {
      if (!out.every(settled)) return;
      unsubscribe();
      resolve();
    });
  });
};

/** `promise`, or `ms` later at most (what it brought is not kept: the caller waits only). */
export const atMost = (promise: Promise<unknown>, ms: number): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });

/** After the browser's next idle moment (the page has drawn what it just received), `ms` later at most. */
export const afterIdle = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    if (typeof window !== 'undefined' && 'requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: ms });
    else setTimeout(resolve, 0);
  });
