import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

export const authenticationRoutes: FeatureRoute[] = [
  {
    path: 'authentication',
    lazy: () => import('./AuthenticationPage'),
    menu: { section: 'accessControl', key: 'authentication', labelKey: 'authentication', order: 10, icon: <SafetyCertificateOutlined /> },
  },
  { path: 'authentication/create', lazy: () => import('./AuthnCreatePage'), title: 'authentication' },
  { path: 'authentication/detail/:id', lazy: () => import('./AuthnDetailPage'), title: 'authentication' },
];
