import { FileSearchOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// Spec 001 §2: /log-trace and /log-trace/detail/{id} (Diagnostics › Log Trace).
export const logTraceRoutes: FeatureRoute[] = [
  {
    path: 'log-trace',
    lazy: () => import('./LogTracePage'),
    menu: { section: 'diagnostics', key: 'log-trace', labelKey: 'logTrace', order: 10, icon: <FileSearchOutlined /> },
  },
  { path: 'log-trace/detail/:id', lazy: () => import('./LogTraceDetailPage'), title: 'logTrace' },
];
