import { LineChartOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// Enterprise console path (CONSOLE-REFERENCE §5.2): Diagnostics › Topic Metrics.
export const topicMetricsRoutes: FeatureRoute[] = [
  {
    path: 'topic-metrics',
    lazy: () => import('./TopicMetricsPage'),
    menu: { section: 'diagnostics', key: 'topic-metrics', labelKey: 'topicMetrics', order: 30, icon: <LineChartOutlined /> },
  },
];
