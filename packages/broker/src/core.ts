// What the inside of the broker (packet handlers, connections, sessions, transports, the durable store) may use of
// it. The server sees the `Broker` facade (types.ts); this narrower set is for the parts, so that a reader of a
// packet handler knows everything it can reach. BrokerImpl (broker.ts) implements both and wires the parts.
import type { ByteStream } from './transports/byte-stream';
import type { EventEmitter } from 'node:events';
import type { BrokerEvents, BrokerHooks, ConnInfo, ForceShutdown, MqttSettings, PublishMessage, QoS, RetainStore } from './types';
import type { Counters, Gauges } from './metrics';
import type { BucketPair } from './connection/limiter';
import type { Connection } from './connection/connection';
import type { Session } from './session/session';
import type { SessionRegistry } from './session/registry';
import type { Router } from './topics/router';
import type { RetainedDelivery } from './retain/delivery';

export type DeliveryDropReason = 'expired' | 'queue_full' | 'too_large' | 'no_local' | 'qos0_msg';

export interface BrokerCore {
  readonly nodeName: string;
  /** the live `mqtt` settings: read at each use, never copied, so updateSettings reaches every part at once */
  readonly settings: MqttSettings;
  /** setHooks' set composed with addHooks' chains */
  readonly hooks: BrokerHooks;
  readonly counters: Counters;
  readonly gauges: Gauges;
  readonly events: EventEmitter<BrokerEvents>;
  readonly retained: RetainStore;
  /** force_shutdown limits (setLimits; a custom zone may have its own: zones/zones.ts) */
  readonly forceShutdown: ForceShutdown | null;
  /** node-wide limiter buckets (EMQX limiter.messages_rate / bytes_rate), shared by every connection */
  readonly nodeBuckets: BucketPair;

  readonly router: Router;
  readonly sessions: SessionRegistry;
  readonly retainedDelivery: RetainedDelivery;

  /** attach an accepted transport stream */
  handle(stream: ByteStream, info: ConnInfo): void;
  /** the publish pipeline; returns how many subscribers got the message (0 when a hook consumed or dropped it) */
  publishMessage(msg: PublishMessage): number | Promise<number>;
  /** the `client.authorize` hook with its counters; true without a hook */
  authorize(conn: Connection, action: 'publish' | 'subscribe', topic: string, qos: QoS, retain?: boolean): boolean | Promise<boolean>;
  /** force_shutdown max_mailbox_size, checked when a connection's inbox or socket backlog grows */
  checkMailbox(conn: Connection): void;
  /** an unexpected error the broker survives: `broker.error` */
  emitError(err: unknown): void;
  // what happened to one subscriber's copy of a message: counters and the matching events
  /** not sent: expired, mqueue full, larger than the client accepts, no-local, QoS 0 for an offline client */
  onDeliveryDropped(session: Session, msg: PublishMessage, reason: DeliveryDropReason): void;
  /** its PUBLISH was written to the client (not counted again when resent) */
  onDelivered(session: Session, msg: PublishMessage, qos: QoS): void;
  /** the client acknowledged it (PUBACK, or PUBCOMP for QoS 2) */
  onAcked(session: Session, msg: PublishMessage, deliverAt: number): void;
}
