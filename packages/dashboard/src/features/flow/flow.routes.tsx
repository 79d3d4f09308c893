import { PartitionOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// MQDeck's read-only flow view, where EMQX Enterprise puts its Flow Designer (/flow, Integration, after Webhooks).
export const flowRoutes: FeatureRoute[] = [
  { path: 'flow', lazy: () => import('./FlowPage'), menu: { section: 'integration', key: 'flow', labelKey: 'flows', order: 15, icon: <PartitionOutlined /> } },
];
