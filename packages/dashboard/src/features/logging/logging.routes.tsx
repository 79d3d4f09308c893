import { FileTextOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

export const loggingRoutes: FeatureRoute[] = [
  { path: 'log', lazy: () => import('./LoggingPage'), menu: { section: 'management', key: 'log', labelKey: 'logging', order: 30, icon: <FileTextOutlined /> } },
];
