// The running plugins as an extension of the broker's hook points (the wiring ExHook uses, exhook/broker-hooks.ts):
// each hook point ExHook serves, with plain JavaScript arguments (docs/plugins.md). Plugins are called in boot order;
// a call that fails or does not answer within TIMEOUTS.call has no say (the value goes on unchanged).
// - message.publish may rewrite topic, payload, QoS, retain and user properties, or stop the message (null/false).
// - client.subscribe may rewrite or refuse the filter.
// - client.authenticate / client.authorize (asked when the node's own chain did not decide, as ExHook): the first
//   plugin that answers true/'allow' or false/'deny' decides, applied as ExHook's answer is (a denied CONNECT is
//   refused not authorized; a decided authorization is cached).
// - Every other hook point is a notification (sent, not awaited).
import type { FastifyInstance } from 'fastify';
import type { ClientIdentity, ClientInfo, ConnackInfo, PublishMessage, QoS } from '@mqdeck/broker';
import { RC_NAMES, type Extension, type Hookpoint, type Notification, type Notifications } from '../exhook/broker-hooks';
import type { PluginsService } from './plugins.service';

/** what a plugin's message callbacks receive */
export interface PluginMessage {
  id: string;
  topic: string;
  payload: Buffer;
  qos: QoS;
  retain: boolean;
  clientid: string | null;
  username: string | null;
  timestamp: number;
  userProperties: Record<string, string | string[]>;
}

export const view = (m: PublishMessage): PluginMessage => ({
  id: m.id,
  topic: m.topic,
  payload: m.payload,
  qos: m.qos,
  retain: m.retain,
  clientid: m.fromClientid,
  username: m.fromUsername,
  timestamp: m.timestamp,
  userProperties: { ...(m.properties?.userProperties ?? {}) },
});

const isStrings = (v: unknown): v is Record<string, string | string[]> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string' || (Array.isArray(x) && x.every((y) => typeof y === 'string')));

/** the message a plugin answered with: null drops it, anything not a message keeps it unchanged */
export function applyAnswer(m: PublishMessage, out: unknown): PublishMessage | null {
  if (out === null || out === false) return null;
  if (typeof out !== 'object' || out === undefined) return m;
  const o = out as Partial<Record<keyof PluginMessage, unknown>>;
  const payload = o.payload;
  const next: PublishMessage = { ...m };
  if (typeof o.topic === 'string' && o.topic && !/[#+]/.test(o.topic)) next.topic = o.topic;
  if (typeof payload === 'string') next.payload = Buffer.from(payload, 'utf8');
  else if (payload instanceof Uint8Array) next.payload = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
  if (o.qos === 0 || o.qos === 1 || o.qos === 2) next.qos = o.qos;
  if (typeof o.retain === 'boolean') next.retain = o.retain;
  if (isStrings(o.userProperties)) {
    // none left: no userProperties at all (an empty one is not sent on: a subscriber would not get the message)
    const { userProperties: _old, ...rest } = m.properties ?? {};
    if (Object.keys(o.userProperties).length > 0) next.properties = { ...rest, userProperties: o.userProperties };
    else next.properties = m.properties && Object.keys(rest).length > 0 ? rest : undefined;
  }
  return next;
}

/** true / 'allow' allows, false / 'deny' denies, anything else has no say */
const decision = (v: unknown): boolean | undefined => (v === true || v === 'allow' ? true : v === false || v === 'deny' ? false : undefined);

export function pluginsExtension(app: FastifyInstance, svc: PluginsService): Extension {
  const client = (c: Pick<ClientIdentity, 'clientid' | 'username' | 'peerhost'>) => ({ clientid: c.clientid, username: c.username, peerhost: c.peerhost });
  const clientOf = (c: ClientInfo) => ({ clientid: c.clientid, username: c.username, peerhost: c.ipAddress, protoVer: c.protoVer, listener: c.listener });
  const session = (clientid: string) => {
    const c = app.broker.client(clientid);
    return c ? clientOf(c) : { clientid, username: null, peerhost: '' };
  };
  const conninfo = (i: Omit<ConnackInfo, 'reasonCode'>) => ({
    clientid: i.clientid,
    username: i.username,
    peerhost: i.peerhost,
    peerport: i.peerport ?? 0,
    protoName: i.protoName ?? 'MQTT',
    protoVer: i.protoVer,
    keepalive: i.keepalive ?? 0,
  });
  const args: { [H in Notification]: (...a: Notifications[H]) => unknown[] } = {
    'client.connect': (i) => [conninfo(i)],
    'client.connack': (i) => [conninfo(i), RC_NAMES[i.reasonCode] ?? String(i.reasonCode)],
    'client.connected': (c) => [clientOf(c)],
    'client.disconnected': (c, reason) => [clientOf(c), reason],
    'session.created': (id) => [session(id)],
    'session.resumed': (id) => [session(id)],
    'session.takenover': (id) => [session(id)],
    'session.discarded': (id) => [session(id)],
    'session.terminated': (id, reason) => [session(id), reason],
    'session.subscribed': (c, sub) => [client(c), sub.topic, { qos: sub.qos, rh: sub.rh, rap: sub.rap, nl: sub.nl }],
    'session.unsubscribed': (c, sub) => [client(c), sub.topic],
    'message.delivered': (c, m) => [client(c), view(m)],
    'message.acked': (c, m) => [client(c), view(m)],
    'message.dropped': (m, reason) => [view(m), reason],
  };

  /** the first plugin with a yes or no decides */
  const decide = async (hook: Hookpoint, callArgs: unknown[]): Promise<boolean | undefined> => {
    for (const name of svc.withHook(hook)) {
      const r = await svc.call(name, hook, callArgs);
      const d = r && decision(r.value);
      if (d !== undefined) return d;
    }
    return undefined;
  };

  const publish = async (m: PublishMessage, chain: readonly string[]): Promise<PublishMessage | null> => {
    let current = m;
    for (const name of chain) {
      const r = await svc.call(name, 'message.publish', [view(current)]);
      if (!r) continue;
      const next = applyAnswer(current, r.value);
      if (next === null) return null;
      current = next;
    }
    return current;
  };

  const subscribe = async (c: ClientIdentity, filter: string, qos: QoS, chain: readonly string[]): Promise<string | null> => {
    let f = filter;
    for (const name of chain) {
      const r = await svc.call(name, 'client.subscribe', [client(c), f, { qos }]);
      if (!r) continue;
      if (r.value === null || r.value === false) return null;
      if (typeof r.value === 'string' && r.value) f = r.value;
    }
    return f;
  };

  return {
    active: (hook) => svc.withHook(hook).length > 0,
    watch: (changed) => {
      svc.onHooksChange = changed;
      return () => void (svc.onHooksChange = () => undefined);
    },
    notify: (hook, ...a) => {
      const callArgs = (args[hook] as (...x: unknown[]) => unknown[])(...a);
      for (const name of svc.withHook(hook)) svc.cast(name, hook, callArgs);
    },
    subscribe: (c, filter, opts) => {
      const chain = svc.withHook('client.subscribe');
      return chain.length === 0 ? filter : subscribe(c, filter, opts.qos, chain);
    },
    unsubscribe: (c, filter) => {
      for (const name of svc.withHook('client.unsubscribe')) svc.cast(name, 'client.unsubscribe', [client(c), filter]);
    },
    publish: (m) => {
      const chain = svc.withHook('message.publish');
      return chain.length === 0 ? m : publish(m, chain);
    },
    authenticate: (req) =>
      decide('client.authenticate', [{ clientid: req.clientid, username: req.username, peerhost: req.peerhost, password: req.password?.toString('utf8') ?? null }]),
    authorize: (req, topic) => decide('client.authorize', [client(req.client), { action: req.action, topic, qos: req.qos, retain: req.retain ?? false }]),
  };
}
