import { SettingOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// Management › MQTT Settings with the tabs of the official console (`/mqtt` redirects to general in the shell).
const TABS = [
  { path: 'mqtt/general', labelKey: 'mqttGeneral' },
  { path: 'mqtt/session', labelKey: 'mqttSession' },
  { path: 'mqtt/session-persistence', labelKey: 'durableSessions' },
  { path: 'mqtt/retainer', labelKey: 'retainer' },
  { path: 'mqtt/system-topic', labelKey: 'systemTopic' },
  { path: 'mqtt/force-shutdown', labelKey: 'forceShutdown' },
] as const;

export const mqttSettingsRoutes: FeatureRoute[] = [
  {
    path: 'mqtt/general',
    lazy: () => import('./GeneralPage'),
    menu: { section: 'management', key: 'mqtt', labelKey: 'mqttSettings', order: 10, icon: <SettingOutlined />, tabs: [...TABS] },
  },
  { path: 'mqtt/session', lazy: () => import('./SessionPage'), title: 'mqttSession' },
  { path: 'mqtt/session-persistence', lazy: () => import('./DurableSessionsPage'), title: 'durableSessions' },
  { path: 'mqtt/retainer', lazy: () => import('./RetainerPage'), title: 'retainer' },
  { path: 'mqtt/system-topic', lazy: () => import('./SystemTopicPage'), title: 'systemTopic' },
  { path: 'mqtt/force-shutdown', lazy: () => import('./ForceShutdownPage'), title: 'forceShutdown' },
];
