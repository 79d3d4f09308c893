// Authorization (API.md §3.10): where our node answers differently from the 5.8.1 document, and the
// MQDeck extension POST /authorization/explain (docs/api-extensions.md). Merged into `ResponsePatch`
// (deviations.ts) and `ExtensionPaths` (extensions.ts) by one `extends` each.
import type { components } from '../schema.gen';

type Schemas = components['schemas'];

/** A disabled source's status is "stopped" (EMQX 5.8), which the document's enums lack. */
type AuthzStatus = NonNullable<Schemas['emqx_authz_schema.metrics_status_fields']['status']> | 'stopped';

/** API.md §3.10: GET /authorization/sources/{type}/status; a disabled source is "stopped". */
export type AuthzStatusView = Omit<Schemas['emqx_authz_schema.metrics_status_fields'], 'status' | 'node_status'> & {
  status: AuthzStatus;
  node_status: { node: string; status: AuthzStatus }[];
};

export interface AuthorizationPatch {
  '/authorization/sources/{type}/status': { get: { 200: AuthzStatusView } }; // API.md §3.10: "stopped"
}

/** docs/api-extensions.md: the request POST /authorization/explain asks about. */
export interface AuthzExplainRequest {
  clientid: string;
  username?: string | null;
  peerhost?: string;
  action: 'publish' | 'subscribe';
  topic: string;
  qos?: number;
  retain?: boolean;
  is_superuser?: boolean;
}

/** docs/api-extensions.md: which source and rule decide, and what every source said. */
export interface AuthzExplanation {
  result: 'allow' | 'deny';
  decided_by: 'superuser' | 'source' | 'no_match';
  source?: string;
  rule?: string;
  sources: { type: string; result: 'allow' | 'deny' | 'nomatch' | 'disabled' | 'skipped' }[];
}

export interface AuthorizationExtensions {
  /** docs/api-extensions.md: explain an authorization decision without a client. */
  '/authorization/explain': {
    post: { query: undefined; params: undefined; body: AuthzExplainRequest; responses: { 200: AuthzExplanation } };
  };
}
