import { TeamOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

export const clientsRoutes: FeatureRoute[] = [
  {
    path: 'clients',
    lazy: () => import('./ClientsPage'),
    menu: { section: 'monitoring', key: 'clients', labelKey: 'clients', order: 20, icon: <TeamOutlined /> },
  },
  { path: 'clients/detail/:clientId', lazy: () => import('./ClientDetailPage'), title: 'clients' },
];
