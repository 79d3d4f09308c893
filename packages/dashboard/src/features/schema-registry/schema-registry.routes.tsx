import { FileProtectOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// EMQX's routes (CONSOLE-REFERENCE §5.2): Integration › Schema Registry at /schema/internal, create and detail below
// it. The External tab (Confluent registries) is not served by this node yet, so the menu item has no tabs.
export const schemaRegistryRoutes: FeatureRoute[] = [
  {
    path: 'schema/internal',
    lazy: () => import('./SchemaRegistryPage'),
    enterpriseOnly: true,
    menu: { section: 'integration', key: 'schema', labelKey: 'schemaRegistry', order: 50, icon: <FileProtectOutlined /> },
  },
  { path: 'schema/internal/create', lazy: () => import('./SchemaCreatePage'), enterpriseOnly: true, title: 'schemaRegistry' },
  { path: 'schema/internal/:schemaName', lazy: () => import('./SchemaDetailPage'), enterpriseOnly: true, title: 'schemaRegistry' },
];
