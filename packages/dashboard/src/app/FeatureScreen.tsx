import type { FeatureRoute } from './types';
import { LazyScreen } from './LazyScreen';
import { NotFoundPage } from './not-found/NotFoundPage';
import { isOpenSource, useSession } from './session';

/**
 * The element of a feature route. Enterprise-only screens are not found on an open-source node; keepAlive screens
 * render nothing here because the layout's KeepAliveHost keeps them mounted across navigation.
 */
export function FeatureScreen({ route }: { route: FeatureRoute }) {
  const session = useSession();
  if (route.enterpriseOnly && isOpenSource(session?.edition)) return <NotFoundPage />;
  if (route.keepAlive) return null;
  return <LazyScreen load={route.lazy} />;
}
