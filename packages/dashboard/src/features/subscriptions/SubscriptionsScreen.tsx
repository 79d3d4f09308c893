import { Navigate, useLocation } from 'react-router';
import { SubscriptionsPage } from './SubscriptionsPage';
import { TopicsPage } from './TopicsPage';

/**
 * One lazy screen for /subscriptions and its two tabs: switching tabs never reloads a chunk, and the bare
 * /subscriptions redirects to /subscriptions/subscription (spec §2).
 */
export function SubscriptionsScreen() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/subscriptions/topics')) return <TopicsPage />;
  if (pathname.startsWith('/subscriptions/subscription')) return <SubscriptionsPage />;
  return <Navigate to="/subscriptions/subscription" replace />;
}

export default SubscriptionsScreen;
