import { LockOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

export const authorizationRoutes: FeatureRoute[] = [
  {
    path: 'authorization',
    lazy: () => import('./AuthorizationPage'),
    menu: { section: 'accessControl', key: 'authorization', labelKey: 'authorization', order: 20, icon: <LockOutlined /> },
  },
  { path: 'authorization/create', lazy: () => import('./AuthzCreatePage'), title: 'authorization' },
  { path: 'authorization/detail/:type', lazy: () => import('./AuthzDetailPage'), title: 'authorization' },
];
