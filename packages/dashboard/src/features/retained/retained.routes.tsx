import { InboxOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

export const retainedRoutes: FeatureRoute[] = [
  {
    path: 'retained',
    lazy: () => import('./RetainedPage'),
    menu: { section: 'monitoring', key: 'retained', labelKey: 'retained', order: 40, icon: <InboxOutlined /> },
  },
];
