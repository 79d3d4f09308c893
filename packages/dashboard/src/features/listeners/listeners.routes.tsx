import { ApiOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

export const listenersRoutes: FeatureRoute[] = [
  {
    path: 'listener',
    lazy: () => import('./ListenersPage'),
    menu: { section: 'management', key: 'listener', labelKey: 'listeners', order: 20, icon: <ApiOutlined /> },
  },
];
