import type { FeatureRoute } from '../../app/types';

// Spec 000 routes: /gateway, /gateway/create/{name}, /gateway/detail/{name} (tabs settings, listeners, auth, clients).
export const gatewaysRoutes: FeatureRoute[] = [
  { path: 'gateway', lazy: () => import('./GatewaysPage'), title: 'gateways' },
  { path: 'gateway/create/:name', lazy: () => import('./GatewayCreatePage'), title: 'gateways' },
  { path: 'gateway/detail/:name', lazy: () => import('./GatewayDetailPage'), title: 'gateways' },
];
