import { LinkOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// Spec 001 §2: /connector (list), /connector/create (type picker, then the form), /connector/{type:name} (detail).
export const connectorsRoutes: FeatureRoute[] = [
  {
    path: 'connector',
    lazy: () => import('./ConnectorsPage'),
    menu: { section: 'integration', key: 'connector', labelKey: 'connectors', order: 30, icon: <LinkOutlined /> },
  },
  { path: 'connector/create', lazy: () => import('./ConnectorCreatePage'), title: 'connectors' },
  { path: 'connector/:id', lazy: () => import('./ConnectorDetailPage'), title: 'connectors' },
];
