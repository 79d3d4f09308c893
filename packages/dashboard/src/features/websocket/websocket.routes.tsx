import { ApiOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

export const websocketRoutes: FeatureRoute[] = [
  {
    path: 'websocket',
    lazy: () => import('./WebsocketPage'),
    // The MQTT clients live in a module store; keeping the element mounted also keeps the forms' drafts.
    keepAlive: true,
    menu: { section: 'diagnostics', key: 'websocket', labelKey: 'websocketClient', order: 10, icon: <ApiOutlined /> },
  },
];
