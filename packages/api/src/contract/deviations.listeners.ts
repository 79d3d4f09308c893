// Listeners (API.md §3.14): the hidden create-by-id route EMQX 5.8 still answers, merged into
// `ExtensionPaths` (extensions.ts) by one `extends`. The answers' `name` is ListenerDetail (deviations.console.ts).
import type { paths } from '../schema.gen';

/** A listener config as the document types it (tcp/ssl/ws/wss/quic, bind required). */
type ListenerConfig = paths['/listeners/{id}']['get']['responses'][200]['content']['application/json'];

export interface ListenersExtensions {
  /** API.md §3.14: the deprecated create-by-id form (hidden in EMQX 5.8, still routed); answers as POST /listeners. */
  '/listeners/{id}': {
    post: { query: undefined; params: { id: string }; body: Record<string, unknown>; responses: { 200: ListenerConfig & { name: string } } };
  };
}
