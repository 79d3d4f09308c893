import { MonitorOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// Management › Monitoring, as EMQX Enterprise's (CONSOLE-REFERENCE §5.2): the alarm thresholds tab (EMQX's "System") is
// named for what it holds (issue 20 item 11); the Integration tab is features/prometheus with features/opentelemetry as its second tab.
export const alarmSettingsRoutes: FeatureRoute[] = [
  {
    path: 'monitoring/alarm-settings',
    lazy: () => import('./AlarmSettingsPage'),
    menu: {
      section: 'management',
      key: 'monitoring',
      labelKey: 'monitoringSettings',
      order: 15,
      icon: <MonitorOutlined />,
      tabs: [
        { path: 'monitoring/alarm-settings', labelKey: 'monitoringSystem' },
        // Prometheus settings (features/prometheus), EMQX's Integration tab
        { path: 'monitoring/integration', labelKey: 'monitoringIntegration' },
      ],
    },
  },
];
