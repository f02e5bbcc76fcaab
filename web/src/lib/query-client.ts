import { MutationCache, QueryCache, QueryClient, type InvalidateOptions, type InvalidateQueryFilters, type Query, type QueryKey } from '@tanstack/react-query';
import { ApiRequestError } from './http';

/** Retries only what may succeed the second time: a call that got no answer. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && error instanceof ApiRequestError && error.code === 'network_error';

const isSessionRejected = (error: unknown) =>
  error instanceof ApiRequestError && (error.code === 'unauthorized' || error.code === 'session_expired');

/** The seconds a refusal of the customer's API rate limit asks to wait, or null for any other failure. */
export const rateLimitWaitOf = (error: unknown): number | null => {
  if (!(error instanceof ApiRequestError) || error.code !== 'rate_limited') return null;
  const seconds = (error.data as { retry_after?: unknown } | undefined)?.retry_after;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : 1;
};

/**
 * A query client whose invalidation, the screens' "read it again" after a write, always reads
 * after the write. TanStack Query's refetch joins a query's first read when it is still out (it
 * only replaces a refetch, which has data to show meanwhile), so a list whose first read left
 * before a create and answered after it would stay without the new item: a tab created while
 * the dashboard's tabs were still coming showed up nowhere, and its page sent the user back.
 * Such a first read is waited for, then the query is read once more.
 */
export class WriteAfterReadQueryClient extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    const firstReadsOut = new Set<Query>(
      this.getQueryCache()
        .findAll(filters)
        .filter((query) => query.state.data === undefined && query.state.fetchStatus === 'fetching'),
    );
    await super.invalidateQueries(filters, options);
    if (firstReadsOut.size === 0 || filters?.refetchType === 'none') return;
    await super.invalidateQueries({ predicate: (query) => firstReadsOut.has(query), ...(filters?.refetchType ? { refetchType: filters.refetchType } : {}) }, options);
  }
}

/**
 * `onSessionRejected` runs when the server no longer accepts the token, whichever call found out;
 * `onRateLimited` when a call was refused for the customer's API rate limit, with the seconds to wait.
 */
export const createQueryClient = ({ onSessionRejected, onRateLimited }: { onSessionRejected: () => void; onRateLimited: (seconds: number) => void }): QueryClient => {
  const onError = (error: unknown) => {
    if (isSessionRejected(error)) onSessionRejected();
    const wait = rateLimitWaitOf(error);
    if (wait !== null) onRateLimited(wait);
  };
  return new WriteAfterReadQueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
};
