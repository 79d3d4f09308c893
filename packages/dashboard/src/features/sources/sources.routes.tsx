import type { FeatureRoute } from '../../app/types';

// Spec 001 §2: /rule/source (the Sources tab of Rules), create, and /rule/source/{type:name}.
export const sourcesRoutes: FeatureRoute[] = [
  { path: 'rule/source', lazy: () => import('./SourcesPage'), title: 'sources' },
  { path: 'rule/source/create', lazy: () => import('./SourceCreatePage'), title: 'sources' },
  { path: 'rule/source/:id', lazy: () => import('./SourceDetailPage'), title: 'sources' },
];
