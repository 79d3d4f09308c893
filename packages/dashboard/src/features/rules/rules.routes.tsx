import { ApartmentOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// Spec 001 §2: /rule redirects to /rule/rules (the shell's REDIRECTS); list, create and detail below. The tabs
// for actions and sources show once their features register those paths.
export const rulesRoutes: FeatureRoute[] = [
  {
    path: 'rule/rules',
    lazy: () => import('./RulesPage'),
    menu: {
      section: 'integration',
      key: 'rule',
      labelKey: 'rules',
      order: 20,
      icon: <ApartmentOutlined />,
      tabs: [
        { path: 'rule/rules', labelKey: 'ruleList' },
        { path: 'rule/actions', labelKey: 'actions' },
        { path: 'rule/source', labelKey: 'sources' },
      ],
    },
  },
  { path: 'rule/rules/create', lazy: () => import('./RuleCreatePage'), title: 'rules' },
  { path: 'rule/rules/:id', lazy: () => import('./RuleDetailPage'), title: 'rules' },
];
