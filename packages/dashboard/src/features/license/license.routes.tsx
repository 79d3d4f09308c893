import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// System › License, the Enterprise console's /license (CONSOLE-REFERENCE §5).
export const licenseRoutes: FeatureRoute[] = [
  {
    path: 'license',
    lazy: () => import('./LicensePage'),
    enterpriseOnly: true,
    menu: { section: 'system', key: 'license', labelKey: 'license', order: 50, icon: <SafetyCertificateOutlined /> },
  },
];
