// A webhook is three objects of the contract created together (CONSOLE-REFERENCE §4.12): an http connector and an
// http action both named `<name>_WH_D`, and the rule `<name>_WH_D` whose only action is `http:<name>_WH_D`.
import type { Schemas } from '@mqdeck/api';
import type { Rule } from '../rules/rules.types';

export type HttpConnector = Schemas['bridge_http.get_connector'];
export type HttpAction = Schemas['bridge_http.get_bridge_v2'];
export type ActionMetrics = Schemas['bridge.metrics'];
export type ActionNodeMetrics = Schemas['bridge.node_metrics'];
export type SslOptions = Partial<Schemas['emqx.ssl_client_opts']>;
export type HttpMethod = Schemas['bridge_http.parameters_opts']['method'];

// What the console sends. The contract marks every field with a default as required; EMQX fills in what a body
// leaves out, so these are the POST bodies (bridge_http.post_connector, post_bridge_v2) with those fields optional.
export interface HttpConnectorBody {
  type: 'http';
  name: string;
  enable?: boolean;
  description?: string;
  url: string;
  headers?: Record<string, string>;
  connect_timeout?: string;
  pool_type?: 'random' | 'hash';
  pool_size?: number;
  enable_pipelining?: number;
  ssl?: SslOptions;
  resource_opts?: Partial<Schemas['bridge_http.connector_resource_opts']>;
}

export interface HttpActionBody {
  type: 'http';
  name: string;
  enable?: boolean;
  description?: string;
  connector: string;
  parameters: { path?: string; method?: HttpMethod; headers?: Record<string, string>; body?: string; max_retries?: number; request_timeout?: string };
  resource_opts?: Partial<Schemas['bridge_http.action_resource_opts']>;
}

export interface Webhook {
  /** What the operator typed: the objects' names without the `_WH_D` suffix. */
  name: string;
  /** `<name>_WH_D`: the connector's and action's name, the rule's ID, the detail page's path. */
  fullName: string;
  /** All three enabled. */
  enable: boolean;
  connector: HttpConnector;
  action: HttpAction;
  rule: Rule;
}
