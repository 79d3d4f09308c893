// Server state lives in TanStack Query. Errors are toasted once, here, as `code: message`
// ('Network Error' without an answer) unless a query/mutation sets `meta: { silent: true }`.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError, formatError, isAbortError } from '../api/client';
import { toast } from './bridge';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

function report(error: unknown, meta: { silent?: boolean } | undefined): void {
  if (meta?.silent || isAbortError(error)) return;
  if (error instanceof ApiRequestError && error.handled) return;
  void toast().error(formatError(error));
}

export function createQueryClient(opts: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => report(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        // Client errors (4xx) will not get better by retrying; network blips might.
        retry: opts.retry === false ? false : (count, error) => count < 2 && !(error instanceof ApiRequestError && error.status < 500),
        refetchOnWindowFocus: false,
        staleTime: 5_000,
      },
      mutations: { retry: false },
    },
  });
}
