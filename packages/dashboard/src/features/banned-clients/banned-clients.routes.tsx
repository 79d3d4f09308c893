import { StopOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

export const bannedClientsRoutes: FeatureRoute[] = [
  {
    path: 'banned-clients',
    lazy: () => import('./BannedClientsPage'),
    menu: { section: 'accessControl', key: 'banned-clients', labelKey: 'bannedClients', order: 30, icon: <StopOutlined /> },
  },
];
