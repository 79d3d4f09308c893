// Route preloading: a data router runs the loaders of every matched route as soon as a navigation starts, all at once.
// These loaders return nothing; they only start the lazy chunks (layout + screen) and the screen's first queries in
// parallel, instead of one after another as React renders each level (layout chunk → render → screen chunk → render
// → queries). The real loading and error handling stay in LazyScreen and the screen's hooks.
import type { LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { FeatureRoute } from './types';
import { getSession, isOpenSource } from './session';

/** Fire and forget: a failure here shows up (with its retry) when LazyScreen loads the same chunk. */
export function warm(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}

/** Preloads only run when a route is newly matched, not again on every search-param change below it. */
export const preloadOnce: ShouldRevalidateFunction = () => false;

export function featureLoader(route: FeatureRoute, queryClient: QueryClient | undefined) {
  return ({ params, request }: LoaderFunctionArgs): null => {
    const session = getSession();
    // Without a session the guard redirects to login; an Enterprise screen on an open-source node is not found.
    if (!session || (route.enterpriseOnly && isOpenSource(session.edition))) return null;
    warm(route.lazy);
    if (route.prefetch && queryClient) {
      try {
        route.prefetch({ queryClient, params, searchParams: new URL(request.url).searchParams });
      } catch {
        // A prefetch is an optimisation; the screen's own queries report real failures.
      }
    }
    return null;
  };
}
