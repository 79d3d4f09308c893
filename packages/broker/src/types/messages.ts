// Messages, subscriptions and the retained store as the broker hands them to the server.
import type { QoS } from './settings';

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
