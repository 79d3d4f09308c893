import { SwapOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// Enterprise console path (CONSOLE-REFERENCE §5.2, Management › Advanced MQTT).
export const topicRewriteRoutes: FeatureRoute[] = [
  {
    path: 'topic-rewrite',
    lazy: () => import('./TopicRewritePage'),
    menu: { section: 'management', key: 'topic-rewrite', labelKey: 'topicRewrite', order: 60, icon: <SwapOutlined /> },
  },
];
