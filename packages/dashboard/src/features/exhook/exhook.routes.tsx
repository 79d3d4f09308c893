import { ApiOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// Spec 000 routes: /exhook, /exhook/create, /exhook/detail/{exhookName}; EMQX's console lists ExHooks under
// Management.
export const exhookRoutes: FeatureRoute[] = [
  { path: 'exhook', lazy: () => import('./ExhookListPage'), menu: { section: 'management', key: 'exhook', labelKey: 'exhooks', order: 70, icon: <ApiOutlined /> } },
  { path: 'exhook/create', lazy: () => import('./ExhookCreatePage'), title: 'exhooks' },
  { path: 'exhook/detail/:exhookName', lazy: () => import('./ExhookDetailPage'), title: 'exhooks' },
];
