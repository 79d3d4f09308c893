// The `Broker` facade itself and the client view it returns.
import type { ByteStream } from '../transports/byte-stream';
import type { EventEmitter } from 'node:events';
import type { MqttSettings, NodeLimits, ProtoVer, ZoneSettings } from './settings';
import type { BrokerEvents, BrokerHooks, ChainableHooks } from './hooks';
import type { ConnInfo, Listener, ListenerConfig } from './listener';
import type { PublishMessage, QueuedMessageView, RetainStore, SubOptions, SubscriptionInfo } from './messages';
import type { ChannelHandle, ChannelInfo, ChannelSink } from '../channels/channels';

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

export interface Broker {
  readonly nodeName: string;
  readonly settings: MqttSettings;
  updateSettings(patch: Partial<MqttSettings>): void;
  /**
   * Custom zones (EMQX `zones.<name>`): each zone's own values, by zone name. A connection accepted on a listener
   * whose `zone` names one works with those values and the global settings for every other key (a later
   * updateSettings reaches the keys a zone does not set), and with the zone's force_shutdown when it has one.
   * Replaces the previous set; a zone left out follows the global settings again.
   */
  setZones(zones: Record<string, ZoneSettings>): void;
  /** the settings a connection on `zone` gets (a copy; the global settings for a zone with none of its own) */
  zoneSettings(zone: string): MqttSettings;
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
  handle(stream: ByteStream, info: ConnInfo): void;
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
  /**
   * Would a publish to `topic` be seen by anyone now: a subscription whose filter matches it ($share, $queue and
   * $exclusive ones included), the retained store (a retained message), the `message.publish` hooks, or a
   * `message.publish` / `message.dropped` listener, each as far as its `TopicScope` says (one without sees all).
   * A message the node makes itself (its $SYS client events) that nobody would see need not be built: EMQX counts
   * $SYS messages in neither messages.publish nor messages.dropped, so leaving it out changes nothing observable.
   */
  observes(topic: string, retain?: boolean): boolean;
  /** publish from the system/API; returns how many subscribers matched (0 → EMQX "no_matching_subscribers") */
  /** bypassHooks: skip the message.publish hooks (EMQX's direct dispatch of a rule's republish) */
  publish(
    msg: Omit<PublishMessage, 'id' | 'timestamp'> & Partial<Pick<PublishMessage, 'id' | 'timestamp'>>,
    opts?: { bypassHooks?: boolean },
  ): Promise<{ id: string; matched: number }>;

  retained: RetainStore;

  /**
   * A non-MQTT client (gateway channel) joins the pubsub: publishes through authorization and the publish hooks,
   * subscriptions in the routing table, deliveries to `sink.deliver`. Not listed in clients().
   */
  openChannel(info: ChannelInfo, sink: ChannelSink): ChannelHandle;

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
