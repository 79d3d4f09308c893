import { HourglassOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// Enterprise console paths (CONSOLE-REFERENCE §5.2): Diagnostics › Slow Subscriptions, its settings below it.
export const slowSubscriptionsRoutes: FeatureRoute[] = [
  {
    path: 'slow-sub',
    lazy: () => import('./SlowSubsPage'),
    menu: { section: 'diagnostics', key: 'slow-sub', labelKey: 'slowSubscriptions', order: 40, icon: <HourglassOutlined /> },
  },
  { path: 'slow-sub/config', lazy: () => import('./SlowSubsSettingsPage'), title: 'slowSubscriptions' },
];
