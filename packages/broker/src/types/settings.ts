// The `mqtt` zone settings and node-wide limits, parsed: bytes, milliseconds and seconds as numbers, null =
// infinity/disabled. Turning EMQX config strings such as "1MB" or "30s" into these numbers is the server's job.

export type QoS = 0 | 1 | 2;
export type ProtoVer = 3 | 4 | 5;

export type SharedStrategy = 'random' | 'round_robin' | 'round_robin_per_group' | 'sticky' | 'local' | 'hash_topic' | 'hash_clientid';

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
  /**
   * The zone's durable_sessions.enable. EMQX's emqx_session:choose_impl_candidates asks it of the client's zone: while a
   * session store is attached (some zone enables it), a zone that says false keeps its sessions in memory. Unset:
   * every session is durable while a store is attached. Not an `mqtt` key: kept here because a zone's settings
   * object is what a session can reach (its core).
   */
  durableSessions?: boolean;
}

export type PeerCertAs = 'disabled' | 'cn' | 'dn' | 'crt' | 'pem' | 'md5';

export interface ClientAttrInit {
  expression: string;
  setAsAttr: string;
}

/** A rate such as EMQX's "500/s" or "10MB/10s": `amount` tokens every `periodMs`. null elsewhere = infinity. */
export interface RateLimit {
  amount: number;
  periodMs: number;
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

/** One custom zone's own values (EMQX `zones.<name>`): everything it leaves out follows the global settings. */
export interface ZoneSettings {
  /** the `mqtt` keys the zone sets, parsed */
  mqtt: Partial<MqttSettings>;
  /** the zone's force_shutdown (the global one with the zone's keys on top); absent: the node's (setLimits) */
  forceShutdown?: ForceShutdown | null;
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
