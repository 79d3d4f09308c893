import { AuditOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// System › Audit Log, the Enterprise console's /audit-log (CONSOLE-REFERENCE §5).
export const auditRoutes: FeatureRoute[] = [
  {
    path: 'audit-log',
    lazy: () => import('./AuditPage'),
    enterpriseOnly: true,
    menu: { section: 'system', key: 'audit-log', labelKey: 'auditLog', order: 40, icon: <AuditOutlined /> },
  },
];
