import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';

/** Retries only what may pass on a second try: network failures and 5xx, once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (failureCount >= 1) return false;
          if (!isApiError(error)) return false;
          return (
            error.kind === 'network' || (error.status !== null && error.status >= 500 && error.status !== 503)
          );
        },
      },
      mutations: { retry: false },
    },
  });
}
