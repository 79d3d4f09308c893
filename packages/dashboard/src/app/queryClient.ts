// Server state lives in TanStack Query. Errors are toasted once, here, as a plain sentence in the console's
// language (shared/apiErrors: 'Network Error' without an answer), the node's `code: message` kept as the toast's
// tooltip, unless a query/mutation sets `meta: { silent: true }`.
import { createElement } from 'react';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError, isAbortError } from '../api/client';
import { errorDetails, errorText } from '../shared/apiErrors';
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
  const details = errorDetails(error);
  void toast().error(details ? createElement('span', { title: details, 'data-error-code': details }, errorText(error)) : errorText(error));
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
