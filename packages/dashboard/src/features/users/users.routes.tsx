import { TeamOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

export const usersRoutes: FeatureRoute[] = [
  {
    path: 'users',
    lazy: () => import('./UsersPage'),
    menu: { section: 'system', key: 'users', labelKey: 'users', order: 10, icon: <TeamOutlined /> },
  },
];
