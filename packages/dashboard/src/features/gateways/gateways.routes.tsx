import { GatewayOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// Spec 000 routes: /gateway, /gateway/create/{name}, /gateway/detail/{name} (tabs settings, listeners, auth, clients);
// EMQX's console lists Gateways under Management, before ExHooks.
export const gatewaysRoutes: FeatureRoute[] = [
  { path: 'gateway', lazy: () => import('./GatewaysPage'), menu: { section: 'management', key: 'gateway', labelKey: 'gateways', order: 65, icon: <GatewayOutlined /> } },
  { path: 'gateway/create/:name', lazy: () => import('./GatewayCreatePage'), title: 'gateways' },
  { path: 'gateway/detail/:name', lazy: () => import('./GatewayDetailPage'), title: 'gateways' },
];
