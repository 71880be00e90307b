import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';

/**
 * One client per app. Answers from the server are final: a 4xx will not change on retry, so only
 * network failures and 5xx are retried. Failed queries are logged once (fetch failures are only
 * logged; screens show their empty states).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        console.error(`Request failed (${query.queryKey.join(' ')}): ${error.message}`);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 2 && !(isApiError(error) && error.status < 500),
        staleTime: 30_000,
      },
    },
  });
}
