// The route table: login, then everything else behind the auth guard inside the (lazy) layout.
// Feature screens come from `featureRoutes`; the shell adds the spec's redirects and the not-found page.
import { Navigate, type RouteObject } from 'react-router';
import type { FeatureRoute } from './types';
import { RootBridge } from './RootBridge';
import { RequireAuth } from './RequireAuth';
import { LazyScreen } from './LazyScreen';
import { FeatureScreen } from './FeatureScreen';
import { NotFoundPage } from './not-found/NotFoundPage';

/** Parent paths that only redirect to their first tab (spec 000 §2). */
export const REDIRECTS: ReadonlyArray<readonly [from: string, to: string]> = [
  ['dashboard', '/dashboard/overview'],
  ['subscriptions', '/subscriptions/subscription'],
  ['rule', '/rule/rules'],
  ['mqtt', '/mqtt/general'],
];

const loadLogin = () => import('./login/LoginPage');
const loadLayout = () => import('./layout/AppLayout');

export function buildRoutes(features: FeatureRoute[]): RouteObject[] {
  const registered = new Set(features.map((f) => f.path));
  return [
    {
      element: <RootBridge />,
      children: [
        { path: 'login', element: <LazyScreen load={loadLogin} /> },
        {
          element: (
            <RequireAuth>
              <LazyScreen load={loadLayout} />
            </RequireAuth>
          ),
          children: [
            { index: true, element: <Navigate to="/dashboard" replace /> },
            ...REDIRECTS.filter(([from]) => !registered.has(from)).map(([from, to]) => ({
              path: from,
              element: <Navigate to={to} replace />,
            })),
            ...features.map((f) => ({ path: f.path, element: <FeatureScreen key={f.path} route={f} /> })),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
