import { CloudServerOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// System › Backup & Restore, the Enterprise console's /backup (CONSOLE-REFERENCE §5).
export const backupRoutes: FeatureRoute[] = [
  {
    path: 'backup',
    lazy: () => import('./BackupPage'),
    enterpriseOnly: true,
    menu: { section: 'system', key: 'backup', labelKey: 'backup', order: 60, icon: <CloudServerOutlined /> },
  },
];
