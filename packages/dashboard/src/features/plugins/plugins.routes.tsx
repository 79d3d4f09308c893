import { AppstoreAddOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// Spec 000 routes: /plugins, /plugins/install, /plugins/detail/{pluginName}-{pluginVersion}; EMQX's console lists
// plugins under Management, after ExHooks.
export const pluginsRoutes: FeatureRoute[] = [
  { path: 'plugins', lazy: () => import('./PluginsListPage'), menu: { section: 'management', key: 'plugins', labelKey: 'plugins', order: 71, icon: <AppstoreAddOutlined /> } },
  { path: 'plugins/install', lazy: () => import('./PluginInstallPage'), title: 'plugins' },
  { path: 'plugins/detail/:nameVsn', lazy: () => import('./PluginDetailPage'), title: 'plugins' },
];
