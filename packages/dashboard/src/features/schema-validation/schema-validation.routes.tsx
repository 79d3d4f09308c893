import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// EMQX's routes (CONSOLE-REFERENCE §5.2): Integration › Schema Validation at /schema-validation, create and detail below.
export const schemaValidationRoutes: FeatureRoute[] = [
  {
    path: 'schema-validation',
    lazy: () => import('./SchemaValidationPage'),
    enterpriseOnly: true,
    menu: { section: 'integration', key: 'schema-validation', labelKey: 'schemaValidation', order: 45, icon: <SafetyCertificateOutlined /> },
  },
  { path: 'schema-validation/create', lazy: () => import('./ValidationCreatePage'), enterpriseOnly: true, title: 'schemaValidation' },
  { path: 'schema-validation/:validationName', lazy: () => import('./ValidationDetailPage'), enterpriseOnly: true, title: 'schemaValidation' },
];
