import { ClockCircleOutlined, FieldTimeOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// Enterprise console paths (CONSOLE-REFERENCE §5.2): the list under Monitoring, the settings under Advanced MQTT.
export const delayedPublishRoutes: FeatureRoute[] = [
  {
    path: 'delayed-pub',
    lazy: () => import('./DelayedMessagesPage'),
    menu: { section: 'monitoring', key: 'delayed-pub', labelKey: 'delayedPublish', order: 50, icon: <ClockCircleOutlined /> },
  },
  {
    path: 'delayed-pub-configuration',
    lazy: () => import('./DelayedSettingsPage'),
    menu: { section: 'management', key: 'delayed-pub-configuration', labelKey: 'delayedPublishSettings', order: 62, icon: <FieldTimeOutlined /> },
  },
];
