import { PartitionOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// Integration › Flows (/flow, after Webhooks, as in EMQX Enterprise): the flows as they run, the Flow Designer to
// create one (/flow/create) and every rule opened as a flow (/flow/:id).
export const flowRoutes: FeatureRoute[] = [
  { path: 'flow', lazy: () => import('./FlowPage'), menu: { section: 'integration', key: 'flow', labelKey: 'flows', order: 15, icon: <PartitionOutlined /> } },
  { path: 'flow/create', lazy: () => import('./FlowEditorPage'), title: 'flows' },
  { path: 'flow/:id', lazy: () => import('./FlowEditorPage'), title: 'flows' },
];
