// The seam between the resource layer (connectors.service, the action buffer, metrics, status, the API) and the
// connector types (types/<type>/): a type knows its protocol, the layer knows everything EMQX's emqx_resource does
// around it (health checks, auto restart, batching, inflight window, retries, TTL, drop reasons, counters).
// A type never counts, never buffers and never decides a status on its own: it answers the layer's calls.
// Changes (engineer A, 14:05): added the optional `check` hooks (connector, action, source) so POST/PUT refuse a bad
// config with a 400 before anything is stored; `start` may still throw later (the status then says why).

/** EMQX's resource statuses as the API shows them */
export type ResourceStatus = 'connecting' | 'connected' | 'disconnected' | 'inconsistent' | 'stopped' | 'disabled' | 'error';

/** what a health check found: `disconnected` with the reason the operator reads (plain words, e.g. "connection refused") */
export interface Health {
  status: 'connected' | 'connecting' | 'disconnected';
  reason?: string;
}

/** the node's parts a type may use */
export interface TypeContext {
  /** `<type>:<name>` of the connector */
  connectorId: string;
  /** the node's name (EMQX `node()`), for the MQTT bridge's client ids */
  nodeName: string;
  /** TLS options from an EMQX `ssl` object (certificate paths or PEM text resolved); undefined when disabled */
  tls(ssl: unknown): import('node:tls').ConnectionOptions | undefined;
  log: { info(msg: string, extra?: object): void; warn(msg: string, extra?: object): void };
}

/** a running connection (pool) to the external system */
export interface ConnectorInstance {
  health(): Promise<Health>;
  stop(): Promise<void>;
}

/** what sending a batch achieved; the layer retries recoverable failures and counts the rest */
export type SendOutcome =
  | { ok: true }
  /** the target is down or overloaded: kept in the buffer and retried (EMQX recoverable_error) */
  | { ok: false; recoverable: true; reason: string }
  /** the request itself is bad (4xx, a template that renders nothing…): counted failed, not retried */
  | { ok: false; recoverable: false; reason: string };

/** an action (egress) bound to its running connector */
export interface ActionInstance {
  /**
   * one rule output → one request of this action (templates rendered). Called when the message enters the buffer,
   * so a template error fails the message at once (counted failed) instead of waiting in the queue.
   */
  render(selected: Record<string, unknown>, envs: Record<string, unknown>): unknown;
  /** sends rendered requests (one, or a batch of up to `batch_size` when the type batches) */
  send(requests: unknown[]): Promise<SendOutcome>;
  /** the action's own health, when the type has one (e.g. a MySQL table exists); else the connector's is used */
  health?(): Promise<Health>;
  stop?(): Promise<void>;
}

/** a source (ingress) bound to its running connector */
export interface SourceInstance {
  stop(): Promise<void>;
  health?(): Promise<Health>;
}

/** a message that arrived at a source: the columns of its `$bridges/<type>:<name>` rule input (EMQX's ingress event) */
export type SourceMessage = Record<string, unknown>;

export interface ConnectorType {
  /** EMQX's type name: "http", "mqtt", "mysql"… */
  type: string;
  /**
   * Optional: refuse a config this type cannot run, before it is stored (throw ApiError(400, 'BAD_REQUEST', 'plain
   * sentence')). `config` is the connector's body without the layer's own fields (enable, description, resource_opts).
   */
  check?(config: Record<string, unknown>): void;
  /** opens the connection (pool); a throw is the status reason (`disconnected`), retried by auto restart */
  start(config: Record<string, unknown>, ctx: TypeContext): Promise<ConnectorInstance>;
  action?: {
    /** optional: as `check` above, for an action's `parameters` */
    check?(parameters: Record<string, unknown>): void;
    /**
     * validation beyond the schema (throw ApiError 400 with a plain sentence) and templates compiled once; `actionId`
     * (`<type>:<name>`) is set by the layer for an installed action (a probe has none)
     */
    start(parameters: Record<string, unknown>, connector: ConnectorInstance, ctx: TypeContext & { actionId?: string }): Promise<ActionInstance>;
    /** whether EMQX batches this type (batch_size > 1 is honoured) */
    batches: boolean;
  };
  source?: {
    /** optional: as `check` above, for a source's `parameters` */
    check?(parameters: Record<string, unknown>): void;
    start(
      parameters: Record<string, unknown>,
      connector: ConnectorInstance,
      ctx: TypeContext & { sourceId: string },
      /** deliver one received message to the layer (it counts `received` and feeds `$bridges/…` rules) */
      emit: (message: SourceMessage) => void,
    ): Promise<SourceInstance>;
  };
}
