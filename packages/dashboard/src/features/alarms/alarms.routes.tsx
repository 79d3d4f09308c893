import { AlertOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// Enterprise console paths (CONSOLE-REFERENCE §5.2); the tabs live inside the screen (one loader, one mounted page).
const loadAlarms = () => import('./AlarmsPage');

export const alarmsRoutes: FeatureRoute[] = [
  { path: 'alarm', lazy: loadAlarms, menu: { section: 'monitoring', key: 'alarm', labelKey: 'alarms', order: 60, icon: <AlertOutlined /> } },
  { path: 'alarm/current-alarm', lazy: loadAlarms, title: 'alarms' },
  { path: 'alarm/history-alarm', lazy: loadAlarms, title: 'alarms' },
];
