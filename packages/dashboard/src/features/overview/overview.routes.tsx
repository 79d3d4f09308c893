import { DashboardOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';
import { prefetchOverview } from './overview.api';
import { DEFAULT_TIME_RANGE, isTimeRange } from './overview.config';

// Monitoring › Cluster Overview, with the tabs Overview | Nodes | Metrics of the official console
// (the nodes and metrics screens register their own routes; `/dashboard` redirects here via the shell).
export const overviewRoutes: FeatureRoute[] = [
  {
    path: 'dashboard/overview',
    lazy: () => import('./OverviewPage'),
    // The first chart waits on /monitor: ask for it while the layout and screen chunks load.
    prefetch: ({ queryClient, searchParams }) => {
      const range = Number(searchParams.get('range'));
      prefetchOverview(queryClient, isTimeRange(range) ? range : DEFAULT_TIME_RANGE);
    },
    menu: {
      section: 'monitoring',
      key: 'dashboard',
      labelKey: 'clusterOverview',
      order: 10,
      icon: <DashboardOutlined />,
      tabs: [
        { path: 'dashboard/overview', labelKey: 'overview' },
        { path: 'dashboard/nodes', labelKey: 'nodes' },
        { path: 'dashboard/metrics', labelKey: 'metrics' },
      ],
    },
  },
];
