import { FileProtectOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// EMQX's routes (CONSOLE-REFERENCE §5.2): Integration › Schema Registry with the tabs Internal (/schema/internal,
// registered schemas) and External (/schema/external, Confluent-compatible registries), create and detail below each.
export const schemaRegistryRoutes: FeatureRoute[] = [
  {
    path: 'schema/internal',
    lazy: () => import('./SchemaRegistryPage'),
    enterpriseOnly: true,
    menu: {
      section: 'integration',
      key: 'schema',
      labelKey: 'schemaRegistry',
      order: 50,
      icon: <FileProtectOutlined />,
      tabs: [
        { path: 'schema/internal', labelKey: 'internalSchema' },
        { path: 'schema/external', labelKey: 'externalSchema' },
      ],
    },
  },
  { path: 'schema/internal/create', lazy: () => import('./SchemaCreatePage'), enterpriseOnly: true, title: 'schemaRegistry' },
  { path: 'schema/internal/:schemaName', lazy: () => import('./SchemaDetailPage'), enterpriseOnly: true, title: 'schemaRegistry' },
  { path: 'schema/external', lazy: () => import('./external/ExternalRegistryPage'), enterpriseOnly: true, title: 'schemaRegistry' },
  { path: 'schema/external/create', lazy: () => import('./external/ExternalRegistryCreatePage'), enterpriseOnly: true, title: 'schemaRegistry' },
  { path: 'schema/external/:schemaName', lazy: () => import('./external/ExternalRegistryDetailPage'), enterpriseOnly: true, title: 'schemaRegistry' },
];
