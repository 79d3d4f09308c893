// The broker's hook points as ExHook serves them (EMQX's emqx_exhook_handler), wired once here for every extension
// that follows them: the ExHook servers (hook-points.ts) and the plugins (modules/plugins/plugins.module.ts). Each
// gives an `Extension`: which hook points it wants right now (asked first, so an unused hook costs one check), the
// notifications, and the hooks whose answer counts. A notification's broker event listener is attached only while
// the extension wants it (`watch` tells when that may have changed): with no ExHook server / plugin that registered
// it, the broker has no listener and builds nothing for it (client.connect and client.connack info per connect).
// - Notifications (answers ignored): client.connect/connack/connected/disconnected, session.*, message.delivered/
//   acked/dropped from broker.events.
// - client.subscribe/unsubscribe and message.publish: chained broker hooks at the extension's priority. subscribe
//   may rewrite or refuse the filter (ExHook only notifies); message.publish may rewrite or stop the message.
// - client.authenticate and client.authorize: EMQX asks the hook after the authenticator chain and the
//   authorization sources, only when they did not decide (no authenticator enabled; no source matched). The broker
//   offers no chained hook for these two, so the node's authn/authz services' decision methods are wrapped here (the
//   decision they made stands unless it was undecided). A decided authorization is cached as the final result, as
//   EMQX caches it.
// $SYS messages are never given to an extension, as EMQX.
import type { FastifyInstance } from 'fastify';
import {
  isSysTopic as sys,
  withTopicScope,
  type AuthnRequest,
  type AuthnResult,
  type AuthzRequest,
  type ClientIdentity,
  type ClientInfo,
  type ConnackInfo,
  type PublishMessage,
  type SubOptions,
} from '@mqdeck/broker';
import type { AuthzAnswer } from '../authorization/authorization.service';

export const HOOKPOINTS = [
  'client.connect',
  'client.connack',
  'client.connected',
  'client.disconnected',
  'client.authenticate',
  'client.authorize',
  'client.subscribe',
  'client.unsubscribe',
  'session.created',
  'session.subscribed',
  'session.unsubscribed',
  'session.resumed',
  'session.discarded',
  'session.takenover',
  'session.terminated',
  'message.publish',
  'message.delivered',
  'message.acked',
  'message.dropped',
] as const;
export type Hookpoint = (typeof HOOKPOINTS)[number];

export type SessionSub = { topic: string; qos: number; rh: number; rap: number; nl: number };

/** the broker's arguments of each notification */
export interface Notifications {
  'client.connect': [info: Omit<ConnackInfo, 'reasonCode'>];
  'client.connack': [info: ConnackInfo];
  'client.connected': [client: ClientInfo];
  'client.disconnected': [client: ClientInfo, reason: string];
  'session.created': [clientid: string];
  'session.resumed': [clientid: string];
  'session.takenover': [clientid: string];
  'session.discarded': [clientid: string];
  'session.terminated': [clientid: string, reason: string];
  'session.subscribed': [client: ClientIdentity, sub: SessionSub];
  'session.unsubscribed': [client: ClientIdentity, sub: { topic: string }];
  'message.delivered': [client: ClientIdentity, message: PublishMessage];
  'message.acked': [client: ClientIdentity, message: PublishMessage];
  'message.dropped': [message: PublishMessage, reason: string];
}
export type Notification = keyof Notifications;
const NOTIFICATIONS: Notification[] = [
  'client.connect',
  'client.connack',
  'client.connected',
  'client.disconnected',
  'session.created',
  'session.resumed',
  'session.takenover',
  'session.discarded',
  'session.terminated',
  'session.subscribed',
  'session.unsubscribed',
  'message.delivered',
  'message.acked',
  'message.dropped',
];
/** where the notification's message is, for the $SYS rule */
const MESSAGE_ARG: Partial<Record<Notification, number>> = { 'message.delivered': 1, 'message.acked': 1, 'message.dropped': 0 };

export interface Extension {
  /** some part of the extension wants this hook point now */
  active(hook: Hookpoint): boolean;
  /** `changed` is called whenever `active` may answer differently; returns the function that stops it */
  watch(changed: () => void): () => void;
  notify<H extends Notification>(hook: H, ...args: Notifications[H]): void;
  /** client.subscribe: the filter to subscribe, null to refuse it */
  subscribe(client: ClientIdentity, filter: string, opts: SubOptions): Promise<string | null> | string | null;
  unsubscribe(client: ClientIdentity, filter: string): void;
  /** message.publish (never $SYS): the message to route, null to stop it */
  publish(message: PublishMessage): Promise<PublishMessage | null> | PublishMessage | null;
  /** client.authenticate when the node's chain did not decide: true allows, false denies, undefined has no say */
  authenticate(req: AuthnRequest): Promise<boolean | undefined>;
  /** client.authorize when no source matched (`topic` without $share/$queue): the same */
  authorize(req: AuthzRequest, topic: string, result: boolean): Promise<boolean | undefined>;
}

/** CONNACK reason codes by EMQX's names (client.connack's result_code) */
export const RC_NAMES: Record<number, string> = {
  0: 'success',
  0x80: 'unspecified_error',
  0x81: 'malformed_packet',
  0x84: 'unsupported_protocol_version',
  0x85: 'client_identifier_not_valid',
  0x86: 'bad_username_or_password',
  0x87: 'not_authorized',
  0x88: 'server_unavailable',
  0x89: 'server_busy',
  0x8a: 'banned',
  0x9f: 'connection_rate_exceeded',
};

const NOT_AUTHORIZED = 0x87;

/**
 * wires the broker's hook points to `ext` (its chained hooks at `priority`; `source` names it in a decided
 * authorization); the returned function unwires them
 */
export function wireBrokerHooks(app: FastifyInstance, ext: Extension, { priority, source }: { priority: number; source: string }): () => void {
  const emitter = app.broker.events as unknown as { on(e: string, f: (...a: never[]) => void): void; off(e: string, f: (...a: never[]) => void): void };
  const handlers = NOTIFICATIONS.map((hook): [string, (...args: never[]) => void] => {
    const at = MESSAGE_ARG[hook];
    const handler = (...args: never[]) => {
      if (!ext.active(hook)) return;
      if (at !== undefined && sys((args[at] as PublishMessage).topic)) return;
      (ext.notify as (h: string, ...a: unknown[]) => void)(hook, ...args);
    };
    // message.dropped of a $SYS message is never notified: the broker may skip one nobody else sees
    return [hook, at !== undefined ? withTopicScope(handler, (topic) => !sys(topic)) : handler];
  });
  // a listener only while the extension wants its hook point: the broker skips building what nobody listens to
  const attached = new Set<string>();
  const sync = () => {
    for (const [e, f] of handlers) {
      const want = ext.active(e as Hookpoint);
      if (want && !attached.has(e)) {
        attached.add(e);
        emitter.on(e, f);
      } else if (!want && attached.delete(e)) emitter.off(e, f);
    }
  };
  sync();
  const unwatch = ext.watch(sync);

  const removeHooks = app.broker.addHooks(
    {
      subscribe: (c, f, opts) => (ext.active('client.subscribe') ? ext.subscribe(c, f, opts) : f),
      unsubscribe: (c, f) => {
        if (ext.active('client.unsubscribe')) ext.unsubscribe(c, f);
        return f;
      },
      messagePublish: withTopicScope(
        (m: PublishMessage) => (!sys(m.topic) && ext.active('message.publish') ? ext.publish(m) : m),
        (topic) => !sys(topic) && ext.active('message.publish'),
      ),
    },
    priority,
  );

  const authn = app.authn as { authenticate(req: AuthnRequest): AuthnResult | Promise<AuthnResult> };
  const originalAuthn = authn.authenticate;
  const askExtension = async (req: AuthnRequest, result: AuthnResult): Promise<AuthnResult> => {
    const r = await ext.authenticate(req);
    if (r === undefined) return result;
    return r ? { result: 'allow', anonymous: false } : { result: 'deny', reasonCode: NOT_AUTHORIZED };
  };
  // the extension is asked when the chain let the client in anonymously; an answer the chain gave at once stays
  // synchronous when the extension has no say (the wrapper runs at every CONNECT, once per extension)
  const withExtension = (req: AuthnRequest, result: AuthnResult) =>
    !ext.active('client.authenticate') || result.result !== 'allow' || result.anonymous !== true ? result : askExtension(req, result);
  authn.authenticate = (req) => {
    const answer = originalAuthn.call(authn, req);
    return answer instanceof Promise ? answer.then((result) => withExtension(req, result)) : withExtension(req, answer);
  };
  const authz = app.authz;
  const originalAuthz = authz.authorize;
  const askAuthz = async (req: AuthzRequest, v: AuthzAnswer): Promise<AuthzAnswer> => {
    const topic = req.topic.replace(/^\$share\/[^/]+\//, '').replace(/^\$queue\//, '');
    const r = await ext.authorize(req, topic, v.result === 'allow');
    if (r === undefined) return v;
    const result = r ? 'allow' : 'deny';
    if (authz.cache.usable(req.topic)) authz.cache.put(req.client.clientid, req.action, req.topic, req.qos, req.retain ?? false, result);
    return { result, source };
  };
  // the extension is asked when no source matched; an answer given at once (a cache hit: most PUBLISHes) stays
  // synchronous when the extension has no say
  const withAuthzExtension = (req: AuthzRequest, v: AuthzAnswer) => (!ext.active('client.authorize') || v.source !== 'default' ? v : askAuthz(req, v));
  authz.authorize = (req: AuthzRequest) => {
    const v = originalAuthz.call(authz, req);
    return v instanceof Promise ? v.then((answer) => withAuthzExtension(req, answer)) : withAuthzExtension(req, v);
  };

  return () => {
    unwatch();
    for (const [e, f] of handlers) if (attached.delete(e)) emitter.off(e, f);
    removeHooks();
    authn.authenticate = originalAuthn;
    authz.authorize = originalAuthz;
  };
}
