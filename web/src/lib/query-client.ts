import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './http';

/** Retries only what may succeed the second time: a call that got no answer. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && error instanceof ApiRequestError && error.code === 'network_error';

const isSessionRejected = (error: unknown) =>
  error instanceof ApiRequestError && (error.code === 'unauthorized' || error.code === 'session_expired');

/** `onSessionRejected` runs when the server no longer accepts the token, whichever call found out. */
export const createQueryClient = ({ onSessionRejected }: { onSessionRejected: () => void }): QueryClient => {
  const onError = (error: unknown) => {
    if (isSessionRejected(error)) onSessionRejected();
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
