import { SwapOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// EMQX's routes (CONSOLE-REFERENCE §5.2): Integration › Message Transform at /message-transform, create and detail below.
export const messageTransformRoutes: FeatureRoute[] = [
  {
    path: 'message-transform',
    lazy: () => import('./MessageTransformPage'),
    enterpriseOnly: true,
    menu: { section: 'integration', key: 'message-transform', labelKey: 'messageTransform', order: 55, icon: <SwapOutlined /> },
  },
  { path: 'message-transform/create', lazy: () => import('./TransformCreatePage'), enterpriseOnly: true, title: 'messageTransform' },
  { path: 'message-transform/:transformName', lazy: () => import('./TransformDetailPage'), enterpriseOnly: true, title: 'messageTransform' },
];
