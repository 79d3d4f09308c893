import { ClusterOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

export const clusterRoutes: FeatureRoute[] = [
  { path: 'cluster', lazy: () => import('./ClusterPage'), menu: { section: 'management', key: 'cluster', labelKey: 'clusterSettings', order: 50, icon: <ClusterOutlined /> } },
];
