import { ApartmentOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

// The same loader for the three paths, so moving between them keeps the one mounted screen.
const loadSubscriptions = () => import('./SubscriptionsScreen');

export const subscriptionsRoutes: FeatureRoute[] = [
  { path: 'subscriptions', lazy: loadSubscriptions, title: 'subscriptions' },
  {
    path: 'subscriptions/subscription',
    lazy: loadSubscriptions,
    menu: {
      section: 'monitoring',
      key: 'subscriptions',
      labelKey: 'subscriptions',
      order: 30,
      icon: <ApartmentOutlined />,
      tabs: [
        { path: 'subscriptions/subscription', labelKey: 'subscription' },
        { path: 'subscriptions/topics', labelKey: 'topics' },
      ],
    },
  },
  { path: 'subscriptions/topics', lazy: loadSubscriptions, title: 'topics' },
];
