import { DashboardOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

export const flowControlRoutes: FeatureRoute[] = [
  {
    path: 'flow-control',
    lazy: () => import('./FlowControlPage'),
    menu: { section: 'management', key: 'flow-control', labelKey: 'limiter', order: 40, icon: <DashboardOutlined /> },
  },
];
