// The shapes the WebSocket-client store exposes to the screens (immutable snapshots).
import type { MessageLog } from '../model/messageLog';
import type { ConnectionSettings, ProtocolVersion, QoS, UserProperty } from '../model/settings';
import type { TopicProblem } from '../../../shared/topic';

export type ConnectionState = 'connecting' | 'connected' | 'disconnecting' | 'disconnected' | 'reconnecting';

/** Why a connection is not (or no longer) up; the UI turns this into text. */
export type ConnectionProblem =
  /** CONNACK with a non-zero return/reason code. */
  | { kind: 'refused'; version: ProtocolVersion; code: number }
  /** MQTT 5 DISCONNECT sent by the server. */
  | { kind: 'serverDisconnect'; version: ProtocolVersion; code: number }
  /** An established connection closed without the operator asking: 'connection disconnected'. */
  | { kind: 'lost' }
  /** The WebSocket could not be opened or closed before CONNACK. */
  | { kind: 'unreachable'; url: string; secure: boolean; pageSecure: boolean; detail?: string };

export interface MessageProperties {
  contentType?: string;
  responseTopic?: string;
  correlationData?: string;
  messageExpiryInterval?: number;
  payloadFormatIndicator?: boolean;
  userProperties?: UserProperty[];
}

export interface LoggedMessage {
  /** Unique per store, for list keys. */
  id: number;
  time: number;
  topic: string;
  qos: QoS;
  retain: boolean;
  payload: Uint8Array;
  properties?: MessageProperties;
}

export interface SubscriptionEntry {
  topic: string;
  /** Granted QoS from the SUBACK. */
  qos: QoS;
  nl: boolean;
  rap: boolean;
  rh: 0 | 1 | 2;
}

export interface ConnectionSnapshot {
  id: string;
  /** The first tab cannot be closed; the others can. */
  isDefault: boolean;
  settings: ConnectionSettings;
  state: ConnectionState;
  problem?: ConnectionProblem;
  /** Settings the current (or last) connection was opened with: the v5-only UI follows these. */
  connectedWith?: ConnectionSettings;
  connectedAt?: number;
  subscriptions: readonly SubscriptionEntry[];
}

/** The message logs of one connection (kept outside ConnectionSnapshot so floods do not touch it). */
export interface ConnectionLogs {
  readonly received: MessageLog<LoggedMessage>;
  readonly published: MessageLog<LoggedMessage>;
}

export interface StoreSnapshot {
  connections: readonly ConnectionSnapshot[];
  activeId: string;
}

export interface SubscribeRequest {
  topic: string;
  qos: QoS;
  nl?: boolean;
  rap?: boolean;
  rh?: 0 | 1 | 2;
}

export interface PublishRequest {
  topic: string;
  payload: string;
  qos: QoS;
  retain: boolean;
  properties?: MessageProperties;
}

export type OperationFailure =
  | { kind: 'notConnected' }
  | { kind: 'wildcardPublish' }
  /** refused before sending, by the console's topic rule (shared/topic) */
  | { kind: 'invalidTopic'; problem: TopicProblem }
  /** The broker answered with a failure reason code. */
  | { kind: 'rejected'; version: ProtocolVersion; code: number }
  /** MQTT.js reported an error without a reason code (e.g. the socket closed meanwhile). */
  | { kind: 'error'; message: string };

/** Rejection value of subscribe / unsubscribe / publish. */
export class WsOperationError extends Error {
  constructor(readonly failure: OperationFailure) {
    super(failure.kind === 'error' ? failure.message : failure.kind);
    this.name = 'WsOperationError';
  }
}
