// Screens flagged `keepAlive` (the WebSocket client) stay mounted once visited and are only hidden when the user
// navigates away, so their connections and message buffers survive.
import { useState } from 'react';
import { matchPath, useLocation } from 'react-router';
import { featureRoutes } from '../features';
import { LazyScreen } from '../LazyScreen';
import { isOpenSource, useSession } from '../session';

export function KeepAliveHost() {
  const location = useLocation();
  const session = useSession();
  const routes = featureRoutes.filter((r) => r.keepAlive && !(r.enterpriseOnly && isOpenSource(session?.edition)));
  const active = routes.find((r) => matchPath(`/${r.path}`, location.pathname));
  const [visited, setVisited] = useState<string[]>([]);
  if (active && !visited.includes(active.path)) setVisited([...visited, active.path]);
  return (
    <>
      {routes
        .filter((r) => visited.includes(r.path) || r === active)
        .map((r) => (
          <div key={r.path} hidden={r !== active}>
            <LazyScreen load={r.lazy} />
          </div>
        ))}
    </>
  );
}
