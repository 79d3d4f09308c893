import { NodeIndexOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// Enterprise console path (CONSOLE-REFERENCE §5.2, Management › Advanced MQTT).
export const autoSubscribeRoutes: FeatureRoute[] = [
  {
    path: 'auto-sub',
    lazy: () => import('./AutoSubscribePage'),
    menu: { section: 'management', key: 'auto-sub', labelKey: 'autoSubscribe', order: 61, icon: <NodeIndexOutlined /> },
  },
];
