import { ThunderboltOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

export const flappingRoutes: FeatureRoute[] = [
  {
    path: 'flapping-detect',
    lazy: () => import('./FlappingPage'),
    menu: { section: 'accessControl', key: 'flapping-detect', labelKey: 'flappingDetect', order: 40, icon: <ThunderboltOutlined /> },
  },
];
