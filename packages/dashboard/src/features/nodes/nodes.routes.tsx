import type { FeatureRoute } from '../../app/types';

// Tab "Nodes" of Cluster Overview; the node detail is hidden in the menu (spec 000 §2).
export const nodesRoutes: FeatureRoute[] = [
  { path: 'dashboard/nodes', lazy: () => import('./NodesPage') },
  { path: 'dashboard/nodes/:nodeName', lazy: () => import('./NodeDetailPage'), title: 'nodeDetail' },
];
