// Policy the server attaches (hooks) and what the broker reports (events). Names mirror EMQX's hook points.
import type { ProtoVer, QoS } from './settings';
import type { ConnInfo } from './listener';
import type { PublishMessage, SubOptions, SubscriptionInfo } from './messages';
import type { ClientInfo } from './broker';

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

/** The answer when no authenticator is asked (none enabled, or the listener's enable_authn false): one shared object. */
export const ANONYMOUS_ALLOW: AuthnResult = Object.freeze({ result: 'allow', anonymous: true });

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
/** what the authorize hook answers: the result, optionally with what decided it (EMQX authz_source: cache, file …) */
export type AuthzVerdict = AuthzResult | { result: AuthzResult; source: string };

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
  /**
   * `client.connect`: before authentication (bans, flapping). Return a v5 reason code to refuse. The connection's
   * own ConnInfo is passed, not a copy: the hook must not change it.
   */
  clientConnect?(info: Readonly<ConnInfo>, clientid: string, username: string | null): Promise<number | undefined> | number | undefined;
  /** `client.authenticate` */
  authenticate?(req: AuthnRequest): Promise<AuthnResult> | AuthnResult;
  /** `client.authorize`; `deny` on publish drops the message (v5: PUBACK/PUBREC 0x87), on subscribe gives SUBACK 0x87. */
  authorize?(req: AuthzRequest): Promise<AuthzVerdict> | AuthzVerdict;
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

/**
 * Which of the node's own messages (its `$SYS` ones, sent as `emqx_sys`) a `messagePublish` hook or a
 * `message.publish` / `message.dropped` listener can act on, by topic and retain flag: false only where it certainly
 * leaves such a message alone (ExHook and log trace skip `$SYS`, the rule engine with ignore_sys_message, topic
 * metrics count only the topics they monitor). `Broker.observes` reads it to know whether a `$SYS` client event
 * would be seen by anyone; a hook or listener without a scope sees every message.
 */
export type TopicScope = (topic: string, retain: boolean) => boolean;

const TOPIC_SCOPE = Symbol.for('mqdeck.broker.topicScope');

/** gives a hook or listener function its scope (returns the same function) */
export function withTopicScope<F extends (...args: never[]) => unknown>(fn: F, scope: TopicScope): F {
  (fn as F & { [TOPIC_SCOPE]?: TopicScope })[TOPIC_SCOPE] = scope;
  return fn;
}

/** the scope a hook or listener was given; undefined: it sees every message */
export function topicScopeOf(fn: (...args: never[]) => unknown): TopicScope | undefined {
  return (fn as { [TOPIC_SCOPE]?: TopicScope })[TOPIC_SCOPE];
}

/** The hooks that several parts of the server may attach side by side through `broker.addHooks`. */
export type ChainableHooks = Pick<BrokerHooks, 'messagePublish' | 'subscribe' | 'unsubscribe' | 'accept'>;

// ---------------------------------------------------------------- events (broker.events)

/** What the broker knows of a connection when it answers its CONNECT (EMQX's conninfo of client.connack). */
export interface ConnackInfo {
  clientid: string;
  username: string | null;
  peerhost: string;
  reasonCode: number;
  peerport?: number;
  sockport?: number;
  listener?: string;
  protoName?: string;
  protoVer?: ProtoVer;
  cleanStart?: boolean;
  keepalive?: number;
  /** session expiry interval the client asked for, seconds */
  expiryInterval?: number;
}

export interface BrokerEvents {
  /** a CONNECT arrived, before any check (EMQX's client.connect: the id is the packet's, maybe empty; only while someone listens) */
  'client.connect': [info: Omit<ConnackInfo, 'reasonCode'>];
  'client.connected': [client: ClientInfo];
  'client.disconnected': [client: ClientInfo, reason: string];
  'client.connack': [info: ConnackInfo];
  /** the authentication of a CONNECT ended (not an enhanced-auth continuation); reasonCode 0 = accepted */
  'client.check_authn_complete': [info: ConnackInfo & { isSuperuser: boolean; isAnonymous: boolean }];
  /** one authorization check ended (only while someone listens) */
  'client.check_authz_complete': [client: ClientIdentity, action: AuthzAction, topic: string, result: AuthzResult, source: string | undefined];
  'session.created': [clientid: string];
  'session.resumed': [clientid: string];
  'session.takenover': [clientid: string];
  'session.discarded': [clientid: string];
  'session.terminated': [clientid: string, reason: string];
  'session.subscribed': [client: ClientIdentity, sub: SubscriptionInfo];
  'session.unsubscribed': [client: ClientIdentity, sub: SubscriptionInfo];
  'message.publish': [msg: PublishMessage];
  /** qos: the QoS it went out with (the subscription may lower it) */
  'message.delivered': [client: ClientIdentity, msg: PublishMessage, qos: QoS];
  'message.acked': [client: ClientIdentity, msg: PublishMessage];
  /** EMQX `delivery.completed`: a QoS 1/2 delivery was acknowledged; when it began and when the session was created (epoch ms) */
  'delivery.completed': [client: ClientIdentity, msg: PublishMessage, deliverAt: number, sessionCreatedAt: number];
  /** dropped for lack of subscribers or by a hook */
  'message.dropped': [msg: PublishMessage, reason: string];
  /** dropped while delivering to one client: expired, queue_full, too_large, no_local, qos0_msg ... */
  'delivery.dropped': [client: ClientIdentity, msg: PublishMessage, reason: string];
  /** an unexpected internal error (a hook threw, a packet could not be encoded); the broker keeps running */
  'broker.error': [err: unknown];
}
