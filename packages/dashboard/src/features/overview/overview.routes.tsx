import { DashboardOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// Monitoring › Cluster Overview, with the tabs Overview | Nodes | Metrics of the official console
// (the nodes and metrics screens register their own routes; `/dashboard` redirects here via the shell).
export const overviewRoutes: FeatureRoute[] = [
  {
    path: 'dashboard/overview',
    lazy: () => import('./OverviewPage'),
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
