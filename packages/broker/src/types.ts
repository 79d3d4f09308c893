// The broker's public facade: the only surface the server (and tests) may use.
// The server attaches policy through `BrokerHooks` and reads state through `Broker`.
// Values here are already parsed (bytes, milliseconds, seconds as numbers; null = infinity/disabled);
// turning EMQX config strings such as "1MB" or "30s" into these numbers is the server's job.
import type { Duplex } from 'node:stream';
import type { EventEmitter } from 'node:events';

export type QoS = 0 | 1 | 2;
export type ProtoVer = 3 | 4 | 5;

export type SharedStrategy =
  | 'random'
  | 'round_robin'
  | 'round_robin_per_group'
  | 'sticky'
  | 'local'
  | 'hash_topic'
  | 'hash_clientid';

/** The `mqtt` zone settings (EMQX root `mqtt`), parsed. Live-updatable through `broker.updateSettings`. */
export interface MqttSettings {
  maxPacketSize: number; // bytes (default 1MB)
  maxClientidLen: number; // 65535
  maxTopicLevels: number; // 128
  maxTopicAlias: number; // 65535
  maxQosAllowed: QoS; // 2
  retainAvailable: boolean;
  wildcardSubscription: boolean;
  sharedSubscription: boolean;
  sharedSubscriptionStrategy: SharedStrategy; // round_robin
  exclusiveSubscription: boolean;
  ignoreLoopDeliver: boolean;
  strictMode: boolean;
  responseInformation: string; // '' = none
  serverKeepalive: number | null; // seconds, null = disabled
  keepaliveMultiplier: number; // 1.5
  keepaliveCheckInterval: number; // ms (30s)
  idleTimeout: number | null; // ms before CONNECT must arrive (15s); null = infinity
  retryInterval: number | null; // ms, null = infinity (no retry while connected)
  useUsernameAsClientid: boolean;
  sessionExpiryInterval: number; // seconds, for v3/v4 clean_session=false (2h)
  messageExpiryInterval: number | null; // seconds, null = infinity
  maxAwaitingRel: number | null; // 100, null = infinity
  awaitRelTimeout: number; // ms (300s)
  maxInflight: number; // 32 (1..65535)
  maxMqueueLen: number | null; // 1000, null = infinity
  mqueuePriorities: Record<string, number> | null; // topic → 1..255, null = disabled
  mqueueDefaultPriority: 'lowest' | 'highest';
  mqueueStoreQos0: boolean;
  maxSubscriptions: number | null; // null = infinity
  upgradeQos: boolean;
  /** take the username / client id from the TLS client certificate (EMQX peer_cert_as_username / _clientid) */
  peerCertAsUsername: PeerCertAs;
  peerCertAsClientid: PeerCertAs;
  /** EMQX client_attrs_init: variform expressions evaluated at CONNECT, before authentication */
  clientAttrsInit: ClientAttrInit[];
}

export type PeerCertAs = 'disabled' | 'cn' | 'dn' | 'crt' | 'pem' | 'md5';

export interface ClientAttrInit {
  expression: string;
  setAsAttr: string;
}

/** What a listener knows about a new connection, handed to `broker.handle`. */
export interface ConnInfo {
  listener: string; // listener id, e.g. "tcp:default"
  peerhost: string; // IP only, e.g. "127.0.0.1"
  peerport: number;
  sockport: number;
  isSsl: boolean;
  /** TLS client certificate: subject = EMQX's DN text, commonName = CN, der = the certificate bytes */
  peerCert?: { subject?: string; commonName?: string; pem?: string; der?: Buffer };
  mountpoint?: string; // listener mountpoint ("" = none), may hold ${clientid}/${username}
  enableAuthn?: boolean | 'quick_deny_anonymous';
  zone?: string;
  /** the TCP peer (the proxy) when a PROXY protocol header gave peerhost; EMQX checks access_rules against it */
  socketPeerhost?: string;
  /** bytes unsent above which the socket is busy (listener tcp_options.high_watermark; absent = the broker's 4 MB) */
  highWatermark?: number;
  /** per-client inbound limits (EMQX listener `messages_rate` / `bytes_rate`); filled from the listener by `broker.handle` */
  messagesRate?: RateLimit | null;
  bytesRate?: RateLimit | null;
}

/** A rate such as EMQX's "500/s" or "10MB/10s": `amount` tokens every `periodMs`. null elsewhere = infinity. */
export interface RateLimit {
  amount: number;
  periodMs: number;
}

export interface PublishMessage {
  id: string; // 32 hex chars, as EMQX message ids
  topic: string;
  payload: Buffer;
  qos: QoS;
  retain: boolean;
  dup?: boolean;
  fromClientid: string | null; // null for messages published by the API or the system
  fromUsername: string | null;
  timestamp: number; // epoch ms when the broker accepted it
  properties?: PublishProperties;
}

export interface PublishProperties {
  payloadFormatIndicator?: boolean;
  messageExpiryInterval?: number; // seconds
  contentType?: string;
  responseTopic?: string;
  correlationData?: Buffer;
  userProperties?: Record<string, string | string[]>;
  subscriptionIdentifier?: number | number[];
}

export interface SubOptions {
  qos: QoS;
  nl: 0 | 1;
  rap: 0 | 1;
  rh: 0 | 1 | 2;
  subid?: number;
}

export interface SubscriptionInfo extends SubOptions {
  clientid: string;
  topic: string; // as subscribed, including "$share/<group>/" or "$queue/"
}

// ---------------------------------------------------------------- hooks

export interface AuthnRequest {
  clientid: string;
  username: string | null;
  password: Buffer | null;
  protoVer: ProtoVer;
  peerhost: string;
  listener: string;
  cleanStart: boolean;
  keepalive: number;
  isSsl: boolean;
  peerCert?: ConnInfo['peerCert'];
  clientAttrs: Record<string, string>;
  authMethod?: string; // MQTT 5 enhanced auth
  authData?: Buffer;
  /** unique per connection (stays the same across the AUTH round-trips of one CONNECT); never reused */
  connId: string;
}

export type AuthnResult =
  // anonymous: no credentials were checked (counted as authentication.success.anonymous / client.auth.anonymous)
  // authData (v5 enhanced auth): sent in CONNACK's Authentication Data, e.g. SCRAM's server-final message
  | { result: 'allow'; isSuperuser?: boolean; clientAttrs?: Record<string, string>; anonymous?: boolean; authData?: Buffer }
  | { result: 'deny'; reasonCode: number } // v5 reason code (0x86, 0x87, 0x8A ...); mapped to v3 return codes by the broker
  | { result: 'continue'; authData?: Buffer }; // enhanced auth: send AUTH 0x18 with authData

export interface ClientIdentity {
  clientid: string;
  username: string | null;
  peerhost: string;
  listener: string;
  protoVer: ProtoVer;
  isSuperuser: boolean;
  clientAttrs: Record<string, string>;
  mountpoint: string;
}

export type AuthzAction = 'publish' | 'subscribe';
export interface AuthzRequest {
  client: ClientIdentity;
  action: AuthzAction;
  topic: string;
  qos: QoS;
  retain?: boolean;
}
export type AuthzResult = 'allow' | 'deny';

/**
 * What `messagePublish` returns for a message it has taken over (delayed publish holds it): not routed now,
 * and not counted as dropped either (no `messages.dropped`, no `message.dropped` event).
 */
export const CONSUMED: unique symbol = Symbol.for('mqdeck.broker.consumed');
export type PublishVerdict = PublishMessage | null | typeof CONSUMED;

/**
 * Policy the server attaches. Every hook is optional; the default allows everything.
 * Hook names mirror EMQX's hook points.
 */
export interface BrokerHooks {
  /** `client.connect`: before authentication (bans, flapping). Return a v5 reason code to refuse. */
  clientConnect?(info: ConnInfo & { clientid: string; username: string | null }): Promise<number | undefined> | number | undefined;
  /** `client.authenticate` */
  authenticate?(req: AuthnRequest): Promise<AuthnResult> | AuthnResult;
  /** `client.authorize`; `deny` on publish drops the message (v5: PUBACK/PUBREC 0x87), on subscribe gives SUBACK 0x87. */
  authorize?(req: AuthzRequest): Promise<AuthzResult> | AuthzResult;
  /** What to do after a deny: EMQX `authorization.deny_action` (ignore | disconnect). */
  denyAction?(): 'ignore' | 'disconnect';
  /**
   * `message.publish`: may rewrite a message, drop it (null: counted in messages.dropped) or take it over
   * (CONSUMED: delayed publish) before routing.
   */
  messagePublish?(msg: PublishMessage): Promise<PublishVerdict> | PublishVerdict;
  /**
   * `client.subscribe`: runs for each filter of a SUBSCRIBE after validation and authorization, with the filter
   * as the client sent it (no mountpoint, `$share/<g>/` kept). Return the filter to subscribe instead (topic rewrite)
   * or null to refuse it (SUBACK 0x80). Retained messages are those of the returned filter.
   */
  subscribe?(client: ClientIdentity, filter: string, opts: SubOptions): Promise<string | null> | string | null;
  /** `client.unsubscribe`: the same for each filter of an UNSUBSCRIBE; null leaves the subscription (UNSUBACK 0x80). */
  unsubscribe?(client: ClientIdentity, filter: string): Promise<string | null> | string | null;
  /**
   * Accept-time filter (EMQX's acceptor: access_rules, max_conn_rate), run before any MQTT byte is read.
   * false closes the stream at once.
   */
  accept?(info: ConnInfo): boolean;
}

/** The hooks that several parts of the server may attach side by side through `broker.addHooks`. */
export type ChainableHooks = Pick<BrokerHooks, 'messagePublish' | 'subscribe' | 'unsubscribe' | 'accept'>;

// ---------------------------------------------------------------- events (broker.events)

export interface BrokerEvents {
  'client.connected': [client: ClientInfo];
  'client.disconnected': [client: ClientInfo, reason: string];
  'client.connack': [info: { clientid: string; username: string | null; peerhost: string; reasonCode: number }];
  'session.created': [clientid: string];
  'session.resumed': [clientid: string];
  'session.takenover': [clientid: string];
  'session.discarded': [clientid: string];
  'session.terminated': [clientid: string, reason: string];
  'session.subscribed': [client: ClientIdentity, sub: SubscriptionInfo];
  'session.unsubscribed': [client: ClientIdentity, sub: SubscriptionInfo];
  'message.publish': [msg: PublishMessage];
  'message.delivered': [client: ClientIdentity, msg: PublishMessage];
  'message.acked': [client: ClientIdentity, msg: PublishMessage];
  /** dropped for lack of subscribers or by a hook */
  'message.dropped': [msg: PublishMessage, reason: string];
  /** dropped while delivering to one client: expired, queue_full, too_large, no_local, qos0_msg ... */
  'delivery.dropped': [client: ClientIdentity, msg: PublishMessage, reason: string];
  /** an unexpected internal error (a hook threw, a packet could not be encoded); the broker keeps running */
  'broker.error': [err: unknown];
}

// ---------------------------------------------------------------- state views

/** One client (channel + session) as the management API shows it. Times are epoch ms. */
export interface ClientInfo {
  clientid: string;
  username: string | null;
  node: string;
  ipAddress: string;
  port: number;
  sockport: number;
  listener: string;
  protoName: 'MQTT' | 'MQIsdp';
  protoVer: ProtoVer;
  cleanStart: boolean;
  keepalive: number;
  expiryInterval: number; // seconds
  connected: boolean;
  connState: 'connected' | 'idle' | 'disconnected';
  connectedAt: number;
  createdAt: number;
  disconnectedAt?: number;
  isBridge: boolean;
  isSsl: boolean;
  isSuperuser: boolean;
  mountpoint: string | null;
  clientAttrs: Record<string, string>;
  enableAuthn: boolean | 'quick_deny_anonymous';
  subscriptionsCnt: number;
  subscriptionsMax: number | null;
  inflightCnt: number;
  inflightMax: number;
  mqueueLen: number;
  mqueueMax: number | null;
  mqueueDropped: number;
  awaitingRelCnt: number;
  awaitingRelMax: number | null;
  /** per-connection counters with EMQX's names: recv_oct, recv_cnt, recv_pkt, recv_msg, recv_msg.qos0 ... send_msg.dropped.too_large */
  stats: Record<string, number>;
  /** Node.js counterparts of Erlang numbers: bytes buffered for the socket (mailbox_len ~ queued writes) */
  mailboxLen: number;
  /** a persistent session written to the durable session store (durable_sessions.enable) */
  durable?: boolean;
}

export interface QueuedMessageView {
  msg: PublishMessage;
  insertedAt: bigint; // epoch ns
  priority?: number | 'infinity'; // mqueue only
}

export type RetainedMessage = PublishMessage;

/** Storage for retained messages: RAM by default, SQLite in the server for disk mode. */
export interface RetainStore {
  put(msg: RetainedMessage): void; // empty payload deletes [MQTT-3.3.1-10]
  delete(topic: string): boolean;
  get(topic: string): RetainedMessage | undefined;
  /** retained messages whose topic matches the filter (wildcards allowed) */
  match(filter: string): RetainedMessage[];
  /** paging over all (or filter-matching) messages, stable order */
  list(offset: number, limit: number, filter?: string): RetainedMessage[];
  count(): number;
  clear(): void;
}

export interface ListenerConfig {
  id: string; // "<type>:<name>"
  type: 'tcp' | 'ssl' | 'ws' | 'wss';
  bind: { host: string; port: number }; // port 0 = ephemeral (tests)
  maxConnections: number | null;
  mountpoint: string;
  zone: string;
  enableAuthn: boolean | 'quick_deny_anonymous';
  /** a PROXY protocol v1/v2 header comes first (load balancer); the client's address is the one it names */
  proxyProtocol?: boolean;
  /** ms to wait for that header before closing (EMQX proxy_protocol_timeout, default 3 s) */
  proxyProtocolTimeout?: number;
  tls?: {
    cert: string | Buffer;
    key: string | Buffer;
    ca?: string | Buffer;
    verify: boolean;
    failIfNoPeerCert: boolean;
    versions?: string[];
    ciphers?: string;
    /** ms the handshake may take (EMQX handshake_timeout, default 15 s) */
    handshakeTimeout?: number;
    /** most intermediate CAs between a verified client certificate and the root (EMQX depth); absent = no check */
    depth?: number;
  };
  websocket?: {
    path: string;
    subprotocols: string[];
    failIfNoSubprotocol: boolean;
    maxFrameSize: number | null;
    compress: boolean;
    /** permessage-deflate tuning (EMQX deflate_opts), used when compress is on */
    deflate?: {
      serverMaxWindowBits: number;
      clientMaxWindowBits: number;
      memLevel: number;
      /** zlib strategy and level (EMQX strategy default|filtered|huffman_only|rle, level none|default|best_compression|best_speed) */
      strategy?: 'default' | 'filtered' | 'huffman_only' | 'rle';
      level?: 'none' | 'default' | 'best_compression' | 'best_speed';
      /** false = no_takeover: the compression context is reset after each message */
      serverContextTakeover?: boolean;
      clientContextTakeover?: boolean;
    };
    /** ms a connection may wait before its upgrade request (EMQX websocket idle_timeout); null/absent = no limit */
    idleTimeout?: number | null;
    /** check_origin_enable: the Origin header must be one of `origins` (absent Origin allowed if allowAbsence) */
    checkOrigin?: { allowAbsence: boolean; origins: string[] } | null;
    /** request headers naming the client behind an HTTP reverse proxy (EMQX proxy_address_header / proxy_port_header) */
    proxyAddressHeader?: string;
    proxyPortHeader?: string;
    /** single: one MQTT packet per outgoing frame; multiple (default): a turn's packets share a frame */
    piggyback?: 'single' | 'multiple';
  };
  tcp?: {
    backlog: number;
    nodelay: boolean;
    /** bytes unsent above which a socket is busy: QoS 0 deliveries wait in the mqueue (EMQX high_watermark) */
    highWatermark: number;
    /** ms a socket may stay busy before it is closed, when sendTimeoutClose (EMQX send_timeout) */
    sendTimeout: number;
    sendTimeoutClose?: boolean;
  };
  /** per-client inbound limits (EMQX `messages_rate` / `bytes_rate`): over the rate, reading pauses; null/absent = infinity */
  messagesRate?: RateLimit | null;
  bytesRate?: RateLimit | null;
}

/**
 * The listener settings that `Listener.update` changes live: the rates reach its open connections at once, the
 * others apply to connections accepted afterwards.
 */
export type ListenerUpdate = Partial<Pick<ListenerConfig, 'maxConnections' | 'mountpoint' | 'zone' | 'enableAuthn' | 'messagesRate' | 'bytesRate'>>;

export interface Listener {
  readonly config: ListenerConfig;
  readonly running: boolean;
  readonly currentConnections: number;
  /** the bound port (useful with port 0) */
  readonly port: number;
  start(): Promise<void>; // rejects with a clear Error on bind conflict (EADDRINUSE)
  stop(): Promise<void>; // closes all its connections
  /** live change without rebinding (throws BrokerError 'INVALID_LISTENER_UPDATE' for other keys or bad values) */
  update(patch: ListenerUpdate): void;
}

/**
 * EMQX `force_shutdown` in Node terms (docs/node-counterparts.md): a connection over either limit is closed
 * (v5 DISCONNECT 0x97, reason "shutdown"). null = no limit.
 */
export interface ForceShutdown {
  /** max_mailbox_size: packets waiting on the connection (parsed and not yet handled + queued beyond 1MB buffered for the socket) */
  maxMailboxSize: number | null;
  /** max_heap_size: bytes held for the connection (socket buffer + mqueue + inflight + awaiting PUBREL estimates) */
  maxHeapSize: number | null;
}

/** Node-wide limits (EMQX hidden `limiter` root and `force_shutdown`); absent keys keep their value. */
export interface NodeLimits {
  /** all clients of the node together (EMQX `limiter.messages_rate` / `limiter.bytes_rate`) */
  messagesRate?: RateLimit | null;
  bytesRate?: RateLimit | null;
  forceShutdown?: ForceShutdown | null;
  /** retainer `delivery_rate`: retained messages sent to one session on SUBSCRIBE, at most this fast (null = infinity) */
  retainedDeliveryRate?: RateLimit | null;
}

export interface Broker {
  readonly nodeName: string;
  readonly settings: MqttSettings;
  updateSettings(patch: Partial<MqttSettings>): void;
  setHooks(hooks: BrokerHooks): void;
  /**
   * Attach more `message.publish` / `client.subscribe` / `client.unsubscribe` / accept hooks next to `setHooks`'
   * (kept across setHooks). Higher priority runs first; setHooks' own run at priority 0 (EMQX: rewrite 1000,
   * delayed -99). Returns the remover.
   */
  addHooks(hooks: ChainableHooks, priority?: number): () => void;
  /** node-wide flow control and force_shutdown */
  setLimits(limits: NodeLimits): void;
  readonly events: EventEmitter<BrokerEvents>;

  /** attach a transport stream (TCP socket, TLS socket, WebSocket stream) */
  handle(stream: Duplex, info: ConnInfo): void;
  createListener(config: ListenerConfig): Listener;

  // clients & sessions
  clients(): IterableIterator<ClientInfo>; // connected + offline persistent sessions
  client(clientid: string): ClientInfo | undefined;
  clientCount(): { connections: number; liveConnections: number; sessions: number };
  /** disconnect (v5: DISCONNECT 0x98 administrative action) and discard the session; false if unknown */
  kick(clientid: string): boolean;
  subscriptionsOf(clientid: string): SubscriptionInfo[] | undefined;
  subscribe(clientid: string, topic: string, opts: SubOptions): SubscriptionInfo; // throws BrokerError
  unsubscribe(clientid: string, topic: string): boolean;
  setKeepalive(clientid: string, seconds: number): boolean;
  mqueue(clientid: string): QueuedMessageView[] | undefined;
  inflight(clientid: string): QueuedMessageView[] | undefined;

  // routing
  subscriptions(): IterableIterator<SubscriptionInfo>;
  /** the routing table: distinct topic filters with at least one subscriber ($share/$queue kept as subscribed) */
  topics(): IterableIterator<string>;
  /** publish from the system/API; returns how many subscribers matched (0 → EMQX "no_matching_subscribers") */
  publish(msg: Omit<PublishMessage, 'id' | 'timestamp'> & Partial<Pick<PublishMessage, 'id' | 'timestamp'>>): Promise<{ id: string; matched: number }>;

  retained: RetainStore;

  // telemetry
  /** add to a counter (server-side counters such as authorization.cache_hit / cache_miss / nomatch) */
  incr(name: string, n?: number): void;
  /** set a gauge kept outside the broker (e.g. "delayed" by the delayed-publish feature); `.max` follows */
  setGauge(name: string, value: number): void;
  /** EMQX counter names → values, e.g. "messages.received", "packets.connect.received" */
  metrics(): Record<string, number>;
  /** EMQX stats names (connections.count, connections.max, topics.count ...) */
  stats(): Record<string, number>;

  close(): Promise<void>;
}

export class BrokerError extends Error {
  constructor(
    public readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface BrokerOptions {
  nodeName: string; // "emqx@127.0.0.1"
  settings?: Partial<MqttSettings>;
  hooks?: BrokerHooks;
  retainStore?: RetainStore; // default: in-memory
}
