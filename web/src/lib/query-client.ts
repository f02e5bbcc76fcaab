import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
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
 * `onSessionRejected` runs when the server no longer accepts the token, whichever call found out;
 * `onRateLimited` when a call was refused for the customer's API rate limit, with the seconds to wait.
 */
export const createQueryClient = ({ onSessionRejected, onRateLimited }: { onSessionRejected: () => void; onRateLimited: (seconds: number) => void }): QueryClient => {
  const onError = (error: unknown) => {
    if (isSessionRejected(error)) onSessionRejected();
    const wait = rateLimitWaitOf(error);
    if (wait !== null) onRateLimited(wait);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
};
