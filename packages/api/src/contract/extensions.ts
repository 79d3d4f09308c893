// Routes our node answers that the EMQX 5.8.1 document lacks: MQDeck extensions (docs/api-extensions.md)
// and routes EMQX serves but leaves out of its 5.8.1 JSON (API.md §3.19). Same shape as `Operation`;
// the server route helper takes their JSON schemas from the module that registers them.
import type { components } from '../schema.gen';
import type { ClientInfo } from './deviations';
import type { NodeExtensions } from './deviations.node';
import type { AuthenticationExtensions } from './deviations.authentication';
import type { AuthorizationExtensions } from './deviations.authorization';
import type { ListenersExtensions } from './deviations.listeners';
import type { RulesExtensions } from './deviations.rules';
import type { BrokersExtensions } from './deviations.brokers';

type Schemas = components['schemas'];

/** docs/api-extensions.md: the flapping_detect root; durations as stored (a duration text or milliseconds). */
export type FlappingDetect = Omit<Schemas['emqx.flapping_detect'], 'window_time' | 'ban_time'> & { window_time: string | number; ban_time: string | number };

/** docs/api-extensions.md: messages kept for durable sessions and what the retention period dropped. */
export interface DurableStoreView {
  enable: boolean;
  /** QoS 1/2 messages stored for durable sessions (one per subscriber), not yet acknowledged */
  messages: number;
  /** durable sessions holding at least one of them */
  sessions: number;
  /** publish time of the oldest (RFC 3339), null when none */
  oldest_at: string | null;
  /** message_retention_period as configured */
  message_retention_period: string;
  /** messages dropped because they outlived the retention period, since the node started (delivery.dropped.retention) */
  retention_expired: number;
}

/** docs/api-extensions.md: a loaded gateway's counters since its load (extension name `gateway_metrics`). */
export interface GatewayMetricsView {
  name: string;
  node: string;
  status: 'running' | 'stopped';
  /** when the gateway was loaded (RFC 3339): the counters count from then, across stop and start */
  since: string;
  current_connections: number;
  max_connections: number | 'infinity';
  /** counter name (bytes.received, messages.delivered…) → value */
  metrics: Record<string, number>;
}

export interface ExtensionPaths {
  /** docs/api-extensions.md: a gateway's counters (extension name `gateway_metrics`). */
  '/mqdeck/gateways/{name}/metrics': {
    get: { query: undefined; params: { name: string }; body: undefined; responses: { 200: GatewayMetricsView } };
  };
  /** docs/api-extensions.md: the flapping_detect root on its own (EMQX shows it only inside /configs/global_zone). */
  '/configs/flapping_detect': {
    get: { query: undefined; params: undefined; body: undefined; responses: { 200: FlappingDetect } };
    put: { query: undefined; params: undefined; body: Partial<FlappingDetect>; responses: { 200: FlappingDetect } };
  };
  /** API.md §3.16, 5.8.2+: force-deactivate an active alarm. */
  '/alarms/force_deactivate': {
    post: {
      query: undefined;
      params: undefined;
      body: { name?: unknown } | undefined; // checked by the handler: 400 INVALID_PARAMETER 'name is required'
      responses: { 204: undefined };
    };
  };
  /** docs/api-extensions.md: the node's extension list (what the console may show beyond EMQX). */
  '/mqdeck/extensions': {
    get: {
      query: undefined;
      params: undefined;
      body: undefined;
      responses: { 200: { extensions: string[] } };
    };
  };
  /** docs/api-extensions.md: what the durable session store holds now (extension name `durable_store`). */
  '/mqdeck/durable_sessions': {
    get: { query: undefined; params: undefined; body: undefined; responses: { 200: DurableStoreView } };
  };
  /** API.md §3.4, hidden: cursor-paged client list. */
  '/clients_v2': {
    get: {
      query: Record<string, string | string[] | undefined> & { cursor?: string; limit?: number };
      params: undefined;
      body: undefined;
      responses: { 200: { data: ClientInfo[]; meta: { count: number; cursor?: string } } };
    };
  };
  /** API.md §3.4, hidden: change a live client's keepalive; answers the client object. */
  '/clients/{clientid}/keepalive': {
    put: {
      query: undefined;
      params: { clientid: string };
      body: { interval?: unknown } | undefined; // checked by the handler: 400 BAD_REQUEST 'interval: must be an integer …'
      responses: { 200: ClientInfo };
    };
  };
  /** API.md §3.19: DELETE /monitor clears the dashboard's sampled history. */
  '/monitor': {
    delete: {
      query: undefined;
      params: undefined;
      body: undefined;
      responses: { 204: undefined };
    };
  };
}

/** Access control and listener extensions: deviations.authentication.ts, deviations.authorization.ts, deviations.listeners.ts. */
export interface ExtensionPaths extends AuthenticationExtensions, AuthorizationExtensions, ListenersExtensions {}

/** Node-wide areas: hidden config routes (deviations.node.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the area's list
export interface ExtensionPaths extends NodeExtensions {}

/** The rule engine's live tap (deviations.rules.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the area's list
export interface ExtensionPaths extends RulesExtensions {}

/** Several brokers in one console (deviations.brokers.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the area's list
export interface ExtensionPaths extends BrokersExtensions {}
