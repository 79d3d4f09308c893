/**
 * The contract between the gateway core (modules/gateways/*.ts: API, config, authentication, client registry) and
 * each protocol (stomp/, mqttsn/, coap/, lwm2m/, exproto/). A protocol owns its sockets and its codec; the core owns
 * everything an operator manages. A protocol registers itself with one line in registry.ts.
 *
 * Life of a device connection, as every protocol does it:
 *   1. the listener accepts a socket / first datagram, asks `ctx.admit(listener.id, peerhost)` (access_rules,
 *      max_conn_rate) and checks `listener.max_connections` against connections(); refused = close / drop;
 *   2. the protocol decodes its CONNECT equivalent and calls `ctx.authenticate(...)` (the core applies the gateway's
 *      authenticator when the listener's enable_authn is true, the banned list, and returns ok/refused);
 *   3. on ok it calls `ctx.openChannel(info, sink)`; from then on the device is listed in GET /gateways/{name}/clients,
 *      a second channel with the same clientid in the same gateway kicks the first (sink.kick('takenover'));
 *   4. device messages go through `channel.publish` / `subscribe` (the core checks authorization, applies the
 *      mountpoint, runs the broker's publish hooks and rules); broker messages arrive at `sink.deliver` with the
 *      mountpoint already removed from the topic;
 *   5. when the device leaves the protocol calls `channel.close(reason)`; when the operator kicks it or disables the
 *      gateway the core calls `sink.kick(reason)` and the protocol closes the socket (and then calls channel.close).
 */

/** Listener transports, as EMQX names them in listener ids `<gateway>:<type>:<name>`. */
export type GatewayListenerType = 'tcp' | 'ssl' | 'udp' | 'dtls' | 'ws' | 'wss';

/** One gateway protocol (STOMP, MQTT-SN, CoAP, LwM2M, ExProto). */
export interface GatewayProtocol {
  /** the gateway's name in URLs and config: 'stomp', 'mqttsn', 'coap', 'lwm2m', 'exproto' */
  name: string;
  /** the listener types an operator may add for this gateway (others are refused with 400) */
  listenerTypes: GatewayListenerType[];
  /** one-line description shown in GET /gateways (EMQX's text for the gateway) */
  description?: string;
  /** protocol-specific config defaults merged under the operator's config (EMQX's defaults, without listeners) */
  defaults(): Record<string, unknown>;
  /** check protocol-specific config fields (already merged with defaults); return a plain sentence or undefined */
  validate?(config: Record<string, unknown>): string | undefined;
  /** start one listener; reject with an Error whose message is a plain sentence when it cannot (port in use...) */
  startListener(ctx: GatewayContext, listener: GatewayListenerConfig): Promise<RunningGatewayListener>;
  /** default listeners EMQX's default config gives this gateway when it is loaded without any (e.g. tcp 61613) */
  defaultListeners?(): Array<Record<string, unknown>>;
}

/** What the core hands a protocol; one per loaded gateway, valid while the gateway runs. */
export interface GatewayContext {
  /** the gateway's name ('stomp'...) */
  gateway: string;
  /** the gateway's current config (defaults merged with the operator's; re-read it, it changes on PUT /gateways/{name}) */
  config(): Record<string, unknown>;
  /** the node's logger, tagged with the gateway */
  log: GatewayLog;
  /** check a device's credentials with the gateway's authenticator (only if the listener's enable_authn), and the banned list */
  authenticate(req: GatewayAuthRequest): Promise<GatewayAuthResult>;
  /** register an authenticated device: it joins the broker's pubsub and is listed per gateway (not in /clients) */
  openChannel(info: GatewayClientInfo, sink: GatewayChannelSink): GatewayChannel;
  /** call at accept / first datagram: false when the listener's access_rules or max_conn_rate refuse this peer */
  admit(listenerId: string, peerhost: string): boolean;
  /** the listener's access_rules alone (no max_conn_rate token taken): a DTLS listener asks it before a handshake */
  allowed(listenerId: string, peerhost: string): boolean;
  /** TLS material for ssl/dtls listeners from listener.raw.ssl_options / dtls_options (the node's own pair by default) */
  tls(listener: GatewayListenerConfig): Promise<{ cert: string | Buffer; key: string | Buffer; ca?: string | Buffer }>;
}

/** A logger with pino's argument order. */
export interface GatewayLog {
  /** informational event */
  info(obj: object, msg?: string): void;
  /** something a device or operator did wrong */
  warn(obj: object, msg?: string): void;
  /** a failure of the gateway itself */
  error(obj: object, msg?: string): void;
  /** detail for troubleshooting */
  debug(obj: object, msg?: string): void;
}

/** A device's credentials as the protocol decoded them. */
export interface GatewayAuthRequest {
  /** the device's client id */
  clientid: string;
  /** username, if the protocol carries one (STOMP login, CoAP u=) */
  username?: string;
  /** password, if the protocol carries one (STOMP passcode, CoAP p=) */
  password?: string;
  /** the device's address */
  peerhost: string;
  /** the listener id `<gateway>:<type>:<name>` it came in on */
  listenerId: string;
}

/** The verdict; `reason` is EMQX's reason atom, the protocol turns it into its own error frame/code. */
export type GatewayAuthResult = { ok: true; isSuperuser: boolean } | { ok: false; reason: 'not_authorized' | 'bad_username_or_password' | 'banned' | 'server_unavailable' };

/** Who the device is; shown in GET /gateways/{name}/clients. */
export interface GatewayClientInfo {
  /** the device's client id (unique per gateway; a second one kicks the first) */
  clientid: string;
  /** username, or undefined */
  username?: string;
  /** the device's address */
  peerhost: string;
  /** the device's port */
  peerport: number;
  /** the listener id `<gateway>:<type>:<name>` */
  listenerId: string;
  /** protocol name as EMQX lists it: 'STOMP', 'MQTT-SN', 'CoAP', 'LwM2M', 'exproto' */
  protoName: string;
  /** protocol version as EMQX lists it ('1.2', '1', ...) */
  protoVer: string;
  /** keepalive / heartbeat in seconds (0 = none) */
  keepalive: number;
  /** clean start (true for gateways without sessions) */
  cleanStart?: boolean;
  /** true when authentication said superuser (authorization is then skipped) */
  isSuperuser?: boolean;
  /** the listener's mountpoint (falls back to the gateway's); the core prefixes it to every topic */
  mountpoint?: string;
  /** protocol-specific fields merged into the client's JSON (e.g. LwM2M endpoint_name, lifetime) */
  extra?: () => Record<string, unknown>;
}

/** A message for the device: topic without the mountpoint. */
export interface DeliveredMessage {
  /** topic as the device sees it (mountpoint removed) */
  topic: string;
  /** payload bytes */
  payload: Buffer;
  /** QoS of the delivery (min of publish QoS and subscription QoS) */
  qos: 0 | 1 | 2;
  /** retain flag (true for retained messages sent on subscribe) */
  retain: boolean;
  /** the subscription filter (as the device subscribed, without mountpoint) that matched */
  filter: string;
  /** EMQX-style message id (32 hex characters) */
  id: string;
  /** publisher's client id, or null for API/system */
  from: string | null;
  /** epoch ms when the broker accepted it */
  timestamp: number;
  /** MQTT 5 Content-Type of the publish, when it had one */
  contentType?: string;
}

/** The protocol's side of a channel: how the core reaches the device. */
export interface GatewayChannelSink {
  /** a broker message matched one of the channel's subscriptions */
  deliver(msg: DeliveredMessage): void;
  /** the operator kicked the device, the gateway was disabled/unloaded, or another connection took its clientid: close the socket */
  kick(reason: string): void;
}

/** The core's side of a channel: what the device may do. */
export interface GatewayChannel {
  /** publish into the broker (mountpoint applied, authorization, hooks, rules); 'denied' when authorization refuses */
  publish(topic: string, payload: Buffer, opts: { qos: 0 | 1 | 2; retain?: boolean }): Promise<'ok' | 'denied'>;
  /** subscribe (mountpoint applied, authorization); resolves to the granted QoS or 'denied'; rejects on an invalid filter */
  subscribe(filter: string, qos: 0 | 1 | 2): Promise<number | 'denied'>;
  /** remove a subscription (no-op when absent) */
  unsubscribe(filter: string): Promise<void>;
  /** the device's subscriptions, without mountpoint */
  subscriptions(): Array<{ topic: string; qos: 0 | 1 | 2 }>;
  /** count traffic for the client's stats: a decoded packet/frame in or an encoded one out, with its size in bytes */
  count(direction: 'in' | 'out', bytes: number): void;
  /** update keepalive or username after connect (e.g. LwM2M update) */
  update(info: Partial<Pick<GatewayClientInfo, 'keepalive' | 'username'>>): void;
  /** the device left (or was kicked): unsubscribe all, unlist; idempotent */
  close(reason?: string): void;
}

/** One listener of a gateway, as stored (EMQX field names), with bind parsed. */
export interface GatewayListenerConfig {
  /** `<gateway>:<type>:<name>` */
  id: string;
  /** transport */
  type: GatewayListenerType;
  /** listener name ('default') */
  name: string;
  /** host to bind ('0.0.0.0' when bind was only a port) */
  host: string;
  /** port to bind (tests use 0 = any free port; then read the real one from RunningGatewayListener.port) */
  port: number;
  /** max concurrent connections on this listener (the protocol refuses more) */
  max_connections: number;
  /** max new connections per second (0 / undefined = unlimited) */
  max_conn_rate?: number;
  /** listener mountpoint, overrides the gateway's when non-empty */
  mountpoint?: string;
  /** the full stored record: tcp_options, ssl_options, udp_options, dtls_options, access_rules, enable_authn... */
  raw: Record<string, unknown>;
}

/** A started listener. */
export interface RunningGatewayListener {
  /** stop accepting and close every connection of this listener (their channels get closed) */
  close(): Promise<void>;
  /** current connections on this listener */
  connections(): number;
  /** the port actually bound (differs from the config when it asked for 0) */
  port?: number;
}
