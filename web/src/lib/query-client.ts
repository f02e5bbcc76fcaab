import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './http';

/** Retries only what may succeed the second time: a call that got no answer. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && error instanceof ApiRequestError && error.code === 'network_error';

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
