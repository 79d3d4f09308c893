import { SendOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// Spec 001 §2: /webhook, /webhook/create, /webhook/{name} (the name with its `_WH_D` suffix, as EMQX's console links it).
export const webhookRoutes: FeatureRoute[] = [
  { path: 'webhook', lazy: () => import('./WebhookListPage'), menu: { section: 'integration', key: 'webhook', labelKey: 'webhooks', order: 10, icon: <SendOutlined /> } },
  { path: 'webhook/create', lazy: () => import('./WebhookCreatePage'), title: 'webhooks' },
  { path: 'webhook/:name', lazy: () => import('./WebhookDetailPage'), title: 'webhooks' },
];
