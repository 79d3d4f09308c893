import type { FeatureRoute } from '../../app/types';

// Spec 001 §2: /rule/actions (the Actions (Sink) tab of Rules), create, and /rule/actions/{type:name}.
export const actionsRoutes: FeatureRoute[] = [
  { path: 'rule/actions', lazy: () => import('./ActionsPage'), title: 'actions' },
  { path: 'rule/actions/create', lazy: () => import('./ActionCreatePage'), title: 'actions' },
  { path: 'rule/actions/:id', lazy: () => import('./ActionDetailPage'), title: 'actions' },
];
