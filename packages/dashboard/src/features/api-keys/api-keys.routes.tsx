import { KeyOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

export const apiKeysRoutes: FeatureRoute[] = [
  {
    path: 'api-key',
    lazy: () => import('./ApiKeysPage'),
    menu: { section: 'system', key: 'api-key', labelKey: 'apiKeys', order: 20, icon: <KeyOutlined /> },
  },
];
