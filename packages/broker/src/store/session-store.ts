// Durable sessions: what the broker writes through when `durable_sessions.enable` is on, and reads back at start.
// Implementations must be synchronous: a QoS 1/2 message for a persistent session is appended before the
// publisher's PUBACK/PUBREC goes out, so an acknowledged message is in the store even after kill -9.
import type { ClientIdentity, PublishMessage, QoS, SubscriptionInfo } from '../types';

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
}

export interface SessionStore {
  /** insert or replace the session row (subscriptions included) */
  saveSession(session: StoredSession): void;
  /** the session and all its messages */
  deleteSession(clientid: string): void;
  loadSessions(): StoredSession[];
  /** returns the message's seq */
  appendMessage(clientid: string, message: Omit<StoredMessage, 'seq'>): number;
  /** the message was acknowledged by the subscriber or dropped */
  ackMessage(clientid: string, seq: number): void;
  /** in seq order */
  loadMessages(clientid: string): StoredMessage[];
  /** drop everything (durable sessions switched off) */
  clear(): void;
}
