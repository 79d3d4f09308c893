import { Navigate } from 'react-router';
import { ApartmentOutlined } from '@ant-design/icons';
import type { FeatureRoute } from '../../app/types';

function ToSubscriptions() {
  return <Navigate to="/subscriptions/subscription" replace />;
}

export const subscriptionsRoutes: FeatureRoute[] = [
  // Spec §2: /subscriptions redirects to /subscriptions/subscription.
  { path: 'subscriptions', lazy: () => Promise.resolve({ default: ToSubscriptions }), title: 'subscriptions' },
  {
    path: 'subscriptions/subscription',
    lazy: () => import('./SubscriptionsPage'),
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
  { path: 'subscriptions/topics', lazy: () => import('./TopicsPage'), title: 'topics' },
];
