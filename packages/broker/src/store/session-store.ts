// Durable sessions: what the broker writes through when `durable_sessions.enable` is on, and reads back at start.
// Implementations must be synchronous: a QoS 1/2 message for a persistent session is appended before the
// publisher's PUBACK/PUBREC goes out, so an acknowledged message is in the store even after kill -9.
import type { ClientIdentity, PublishMessage, QoS, SubscriptionInfo } from '../types';

/** A session row: `subs` present replaces the stored subscriptions, absent leaves them as they are. */
export type SessionRow = Omit<StoredSession, 'subs'> & { subs?: SubscriptionInfo[] };

export interface StoredSession {
  clientid: string;
  identity: ClientIdentity;
  /** seconds; 0xFFFFFFFF = never */
  expiryInterval: number;
  createdAt: number;
  /** epoch ms; absent while connected */
  disconnectedAt?: number;
  subs: SubscriptionInfo[];
}

/** One undelivered QoS 1/2 message of a session (queued or sent and not yet acknowledged). */
export interface StoredMessage {
  /** store-assigned, increasing: the delivery order after a restart */
  seq: number;
  msg: PublishMessage;
  qos: QoS;
  retain: boolean;
  subids?: number[];
  /** QoS 2 sent: the packet id it went out with, and its phase ('pubrel' once PUBREC came back) */
  packetId?: number;
  phase?: 'publish' | 'pubrel';
}

/** An incoming QoS 2 packet id routed and acknowledged with PUBREC, not yet released by PUBREL. */
export interface StoredAwaitingRel {
  packetId: number;
  /** epoch ms received (await_rel_timeout) */
  at: number;
}

export interface SessionStore {
  /**
   * Insert or replace the session row; with `subs`, they replace every stored subscription of the session (a new
   * session, a snapshot), without them the stored ones stay (a disconnect).
   */
  saveSession(session: SessionRow): void;
  /** one subscription added or changed (a SUBSCRIBE writes only the filters it names, however many the session has) */
  saveSubscription(clientid: string, sub: SubscriptionInfo): void;
  deleteSubscription(clientid: string, topic: string): void;
  /** the session, its subscriptions, all its messages and its awaiting-PUBREL ids */
  deleteSession(clientid: string): void;
  loadSessions(): StoredSession[];
  /** returns the message's seq */
  appendMessage(clientid: string, message: Omit<StoredMessage, 'seq'>): number;
  /** the message was acknowledged by the subscriber or dropped */
  ackMessage(clientid: string, seq: number): void;
  /** in seq order: all of them, or those with a seq above `after`, at most `limit` (a durable session reads in batches) */
  loadMessages(clientid: string, after?: number, limit?: number): StoredMessage[];
  /** how many messages of the client are stored and not in flight (no packet id): the backlog at start */
  countMessages(clientid: string): number;
  /** the client's QoS 2 messages in flight (with a packet id), in seq order: restored as they stood */
  loadInflight(clientid: string): StoredMessage[];
  /**
   * message_retention_period: delete up to `limit` messages published before `before` (epoch ms), oldest first;
   * returns which, so the broker can tell the ones still waiting from those it already sent
   */
  expireMessages(before: number, limit: number): { clientid: string; seq: number }[];
  /** what is stored now: messages, the sessions holding them, the oldest one's publish time (epoch ms) */
  messageStats(): { messages: number; sessions: number; oldest: number | null };
  /**
   * A stored QoS 2 message went out with `packetId` (phase 'publish') or got its PUBREC (phase 'pubrel'). Written before
   * the PUBLISH/PUBREL leaves. Acks given earlier are applied first: a packet id is reused only after its exchange ended.
   */
  setInflight(clientid: string, seq: number, packetId: number, phase: 'publish' | 'pubrel'): void;
  /** an incoming QoS 2 PUBLISH was routed: written before its PUBREC */
  addAwaitingRel(clientid: string, packetId: number, at: number): void;
  /** released by PUBREL (written before the PUBCOMP, after which the client may reuse the id) or timed out */
  removeAwaitingRel(clientid: string, packetId: number): void;
  loadAwaitingRel(clientid: string): StoredAwaitingRel[];
  /** drop everything (durable sessions switched off) */
  clear(): void;
}
