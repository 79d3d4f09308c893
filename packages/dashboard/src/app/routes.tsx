// The route table: login, then everything else behind the auth guard inside the (lazy) layout.
// Feature screens come from `featureRoutes`; the shell adds the spec's redirects and the not-found page.
import { redirect, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { FeatureRoute } from './types';
import { RootBridge } from './RootBridge';
import { RequireAuth } from './RequireAuth';
import { LazyScreen, ScreenFallback } from './LazyScreen';
import { featureLoader, preloadOnce, warm } from './preload';
import { getSession } from './session';
import { FeatureScreen } from './FeatureScreen';
import { NotFoundPage } from './not-found/NotFoundPage';

/** Parent paths that only redirect to their first tab (spec 000 §2). */
export const REDIRECTS: ReadonlyArray<readonly [from: string, to: string]> = [
  ['dashboard', '/dashboard/overview'],
  ['subscriptions', '/subscriptions/subscription'],
  ['rule', '/rule/rules'],
  ['mqtt', '/mqtt/general'],
  ['monitoring', '/monitoring/alarm-settings'],
];

const loadLogin = () => import('./login/LoginPage');
const loadLayout = () => import('./layout/AppLayout');

/** `queryClient` lets a matched screen start its first queries early (FeatureRoute.prefetch). */
export function buildRoutes(features: FeatureRoute[], opts: { queryClient?: QueryClient } = {}): RouteObject[] {
  const registered = new Set(features.map((f) => f.path));
  return [
    {
      element: <RootBridge />,
      // Shown only until the (synchronous) preload loaders of the first navigation have run.
      hydrateFallbackElement: <ScreenFallback />,
      children: [
        {
          path: 'login',
          element: <LazyScreen load={loadLogin} />,
          loader: () => {
            warm(loadLogin);
            return null;
          },
          shouldRevalidate: preloadOnce,
        },
        {
          // The layout chunk starts loading together with the screen's chunk and data (see preload.ts).
          loader: () => {
            if (getSession()) warm(loadLayout);
            return null;
          },
          shouldRevalidate: preloadOnce,
          element: (
            <RequireAuth>
              <LazyScreen load={loadLayout} />
            </RequireAuth>
          ),
          children: [
            // Redirects are loaders, not <Navigate> elements: a navigation made while the (lazy) layout is still
            // loading must cancel the redirect instead of being overridden by it when the layout finally renders.
            { index: true, loader: () => redirect('/dashboard') },
            ...REDIRECTS.filter(([from]) => !registered.has(from)).map(([from, to]) => ({
              path: from,
              loader: () => redirect(to),
            })),
            ...features.map((f) => ({
              path: f.path,
              element: <FeatureScreen key={f.path} route={f} />,
              loader: featureLoader(f, opts.queryClient),
              shouldRevalidate: preloadOnce,
            })),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
