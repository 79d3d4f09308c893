// Authentication (API.md §3.9): where our node answers differently from the 5.8.1 document, and the
// MQDeck extension POST /authentication_probe (docs/api-extensions.md). Merged into `ResponsePatch`
// (deviations.ts) and `ExtensionPaths` (extensions.ts) by one `extends` each.
import type { components, paths } from '../schema.gen';

type Schemas = components['schemas'];

/** The authenticator config a POST /authentication takes (one of the 22 mechanism/backend kinds). */
export type AuthenticatorBody = NonNullable<paths['/authentication']['post']['requestBody']>['content']['application/json'];

/** An authenticator config as the document types it: one of its 22 mechanism/backend kinds. */
type AuthenticatorConfig = paths['/authentication/{id}']['get']['responses'][200]['content']['application/json'];

/** API.md §3.9: every authenticator is answered with its `id` (`password_based:built_in_database`), which the document's kinds lack. */
export type AuthenticatorView = AuthenticatorConfig & { id: string };

/** API.md §3.9: import_users answers 200 with the counts; the document says 204 without a body. */
export interface ImportUsersSummary {
  total: number;
  success: number;
  override: number;
  skipped: number;
  failed: number;
}

/** A disabled authenticator's status is "stopped" (EMQX 5.8), which the document's enums lack. */
type AuthnStatus = NonNullable<Schemas['authn.metrics_status_fields']['status']> | 'stopped';

/** API.md §3.9: GET …/status as EMQX 5.8 sends it: the node_* fields are lists (one entry per node), not one object. */
export interface AuthnStatusView {
  status: AuthnStatus;
  metrics: Schemas['authn.metrics'];
  node_metrics: Schemas['authn.node_metrics'][];
  node_status: { node: string; status: AuthnStatus }[];
  resource_metrics: Schemas['authn.resource_metrics'];
  node_resource_metrics: Schemas['authn.node_resource_metrics'][];
  node_error: Schemas['authn.node_error'][];
}

export interface AuthenticationPatch {
  '/authentication': {
    get: { 200: AuthenticatorView[] }; // API.md §3.9: with id
    post: { 200: AuthenticatorView }; // API.md §3.9: with id
  };
  '/authentication/{id}': { get: { 200: AuthenticatorView } }; // API.md §3.9: with id
  '/authentication/{id}/import_users': { post: { 200: ImportUsersSummary } }; // API.md §3.9: 200 summary, not 204
  '/authentication/{id}/status': { get: { 200: AuthnStatusView } }; // API.md §3.9: node_* are lists; "stopped"
}

export interface AuthenticationExtensions {
  /** docs/api-extensions.md: test an authenticator's backend without storing it; `id` lends its secrets. */
  '/authentication_probe': {
    post: {
      query: { id?: string };
      params: undefined;
      body: AuthenticatorBody;
      responses: { 204: undefined };
    };
  };
}
