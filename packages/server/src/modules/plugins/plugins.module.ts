// Plugins in the node: the service (plugins.service.ts) decorated as app.plugins, the enabled plugins started in boot
// order when the node is ready and stopped when it closes, and the broker's hook points wired to the running
// plugins (docs/plugins.md): message.publish (may rewrite topic, payload, QoS, retain and user properties, or drop
// the message), client.subscribe (may rewrite or refuse the filter), client.connected/disconnected (notifications).
// Plugins are called in boot order; a call that fails or does not answer in time leaves the value unchanged.
// $SYS messages are never given to plugins. With no plugin running, the hot path pays one size check.
import type { FastifyInstance } from 'fastify';
import type { ClientInfo, PublishMessage, QoS } from '@mqdeck/broker';
import { PluginsService } from './plugins.service';
import { dataDirOf } from '../backup/cluster-config';

declare module 'fastify' {
  interface FastifyInstance {
    plugins: PluginsService;
  }
}

/** after ExHook (-200): a plugin sees what the hook servers let through */
const PLUGINS_PRIORITY = -300;

/** what a plugin's message.publish callback receives */
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

const view = (m: PublishMessage): PluginMessage => ({
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
  if (isStrings(o.userProperties)) next.properties = { ...m.properties, userProperties: o.userProperties };
  return next;
}

async function pluginsModule(app: FastifyInstance): Promise<void> {
  const svc = new PluginsService(app, dataDirOf(app));
  app.decorate('plugins', svc);
  const sys = (topic: string) => topic.startsWith('$SYS/');

  const publish = async (m: PublishMessage, chain: string[]): Promise<PublishMessage | null> => {
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
  const removeHooks = app.broker.addHooks(
    {
      messagePublish: (m) => {
        if (sys(m.topic)) return m;
        const chain = svc.withHook('message.publish');
        return chain.length === 0 ? m : publish(m, chain);
      },
      subscribe: (c, filter, opts) => {
        const chain = svc.withHook('client.subscribe');
        if (chain.length === 0) return filter;
        return (async () => {
          let f = filter;
          for (const name of chain) {
            const r = await svc.call(name, 'client.subscribe', [{ clientid: c.clientid, username: c.username, peerhost: c.peerhost }, f, { qos: opts.qos }]);
            if (!r) continue;
            if (r.value === null || r.value === false) return null;
            if (typeof r.value === 'string' && r.value) f = r.value;
          }
          return f;
        })();
      },
    },
    PLUGINS_PRIORITY,
  );
  const client = (c: ClientInfo) => ({ clientid: c.clientid, username: c.username, peerhost: c.ipAddress, protoVer: c.protoVer, listener: c.listener });
  const onConnected = (c: ClientInfo) => {
    for (const name of svc.withHook('client.connected')) svc.cast(name, 'client.connected', [client(c)]);
  };
  const onDisconnected = (c: ClientInfo, reason: string) => {
    for (const name of svc.withHook('client.disconnected')) svc.cast(name, 'client.disconnected', [client(c), reason]);
  };
  app.broker.events.on('client.connected', onConnected);
  app.broker.events.on('client.disconnected', onDisconnected);

  app.addHook('onReady', async () => {
    // a plugin that fails to start does not hold the node's start: it is reported stopped with the reason
    void svc.boot();
  });
  app.addHook('preClose', async () => {
    removeHooks();
    app.broker.events.off('client.connected', onConnected);
    app.broker.events.off('client.disconnected', onDisconnected);
    await svc.close();
  });
}

// not encapsulated (what fastify-plugin sets): app.plugins reaches the routes
(pluginsModule as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default pluginsModule;
