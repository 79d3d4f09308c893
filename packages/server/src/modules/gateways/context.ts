// The GatewayContext a protocol sees (protocol.ts), for one loaded gateway: its config, the authenticator and the
// banned list, the channel into the broker's pubsub (a second client id takes over the first), accept-time checks
// (access_rules, max_conn_rate) and the TLS material of ssl/dtls listeners. Every protocol's authentication, publish,
// subscribe, delivery and traffic passes here, so the gateway's counters (metrics.ts) are counted here.
import type { FastifyInstance } from 'fastify';
import { loadOrCreateCerts } from '../../plugins/certs';
import { resolveTls } from '../listeners/tls';
import { accessAllowed } from '../listeners/access';
import { BAD_USERNAME_OR_PASSWORD } from '../authentication/authenticator';
import type { GatewayClient, GatewayService, Loaded } from './gateways.service';
import type { GatewayAuthRequest, GatewayAuthResult, GatewayChannel, GatewayChannelSink, GatewayClientInfo, GatewayContext } from './protocol';

interface Deps {
  app: FastifyInstance;
  svc: GatewayService;
  gw: Loaded;
  dataDir: string;
}

export function gatewayContext(d: Deps): GatewayContext {
  const { app, svc, gw, dataDir } = d;
  const log = app.log.child({ gateway: gw.name });
  return {
    gateway: gw.name,
    config: () => svc.conf(gw.name),
    log: {
      info: (o, m) => log.info(o, m),
      warn: (o, m) => log.warn(o, m),
      error: (o, m) => log.error(o, m),
      debug: (o, m) => log.debug(o, m),
    },
    authenticate: (req) => authenticate(d, req),
    openChannel: (info, sink) => openChannel(d, info, sink),
    admit: (listenerId, peerhost) => {
      const a = gw.admission.get(listenerId);
      if (!a) return true;
      if (!accessAllowed(a.rules, peerhost)) return false;
      return a.bucket ? a.bucket.take() : true;
    },
    allowed: (listenerId, peerhost) => {
      const a = gw.admission.get(listenerId);
      return !a || accessAllowed(a.rules, peerhost);
    },
    tls: (listener) => {
      const raw = listener.type === 'dtls' ? { ssl_options: listener.raw.dtls_options ?? {} } : listener.raw;
      return resolveTls(raw as Record<string, any>, () => loadOrCreateCerts(dataDir));
    },
  };
}

async function authenticate(d: Deps, req: GatewayAuthRequest): Promise<GatewayAuthResult> {
  const out = await check(d, req);
  d.gw.metrics.inc('client.authenticate');
  d.gw.metrics.inc(out.ok ? 'authentication.success' : 'authentication.failure');
  return out;
}

async function check({ app, svc, gw }: Deps, req: GatewayAuthRequest): Promise<GatewayAuthResult> {
  if (app.banned.check({ clientid: req.clientid, username: req.username ?? null, peerhost: req.peerhost })) return { ok: false, reason: 'banned' };
  const listener = svc.listenersOf(gw.name).find((l) => l.id === req.listenerId);
  const enableAuthn = listener?.stored.enable_authn !== false;
  const authn = gw.listenerAuthn.get(req.listenerId) ?? gw.authn;
  if (!authn || !enableAuthn) return { ok: true, isSuperuser: false };
  try {
    const out = await authn.backend.check({ clientid: req.clientid, username: req.username ?? null, password: req.password ?? null, peerhost: req.peerhost, clientAttrs: {} });
    if (out.result === 'allow') return { ok: true, isSuperuser: out.isSuperuser };
    if (out.result === 'deny') return { ok: false, reason: out.reasonCode === BAD_USERNAME_OR_PASSWORD ? 'bad_username_or_password' : 'not_authorized' };
    // every authenticator of the chain ignored the client: refused (emqx_authn_chains)
    return { ok: false, reason: 'not_authorized' };
  } catch (err) {
    app.log.warn({ gateway: gw.name, err }, 'gateway authentication failed');
    return { ok: false, reason: 'server_unavailable' };
  }
}

function openChannel({ app, svc, gw }: Deps, info: GatewayClientInfo, sink: GatewayChannelSink): GatewayChannel {
  // a second connection with the same client id in this gateway takes over: the first is kicked
  const prev = gw.clients.get(info.clientid);
  if (prev) svc.kickClient(gw, prev, 'takenover');
  const mountpoint = (info.mountpoint || String(svc.conf(gw.name).mountpoint ?? '')).replace(/\$\{clientid\}/g, info.clientid).replace(/\$\{username\}/g, info.username ?? '');
  const handle = app.broker.openChannel(
    {
      clientid: info.clientid,
      username: info.username ?? null,
      peerhost: info.peerhost,
      listener: info.listenerId,
      gateway: gw.name,
      isSuperuser: info.isSuperuser === true,
      mountpoint,
    },
    {
      deliver: (m) => {
        gw.metrics.inc('messages.delivered');
        sink.deliver({
          topic: m.topic,
          payload: m.payload,
          qos: m.qos,
          retain: m.retain,
          filter: m.filter,
          id: m.id,
          from: m.from,
          timestamp: m.timestamp,
          contentType: m.properties?.contentType,
        });
      },
      kick: (r) => sink.kick(r),
    },
  );
  const client: GatewayClient = { info: { ...info, mountpoint }, channel: handle, sink, connectedAt: handle.connectedAt };
  gw.clients.set(info.clientid, client);
  const m = gw.metrics;
  m.inc('client.connected');
  return {
    publish: async (topic, payload, opts) => {
      const out = await handle.publish(topic, payload, { qos: opts.qos, retain: opts.retain });
      m.inc(out === 'ok' ? 'messages.received' : 'authorization.deny');
      return out;
    },
    subscribe: async (filter, qos) => {
      const out = await handle.subscribe(filter, { qos });
      m.inc(out === 'denied' ? 'authorization.deny' : 'session.subscribed');
      return out;
    },
    unsubscribe: async (filter) => {
      if (await handle.unsubscribe(filter)) m.inc('session.unsubscribed');
    },
    subscriptions: () => handle.subscriptions(),
    count: (dir, bytes) => {
      handle.count(dir, bytes);
      m.inc(dir === 'in' ? 'packets.received' : 'packets.sent');
      m.inc(dir === 'in' ? 'bytes.received' : 'bytes.sent', bytes);
    },
    update: (patch) => Object.assign(client.info, patch),
    close: () => {
      handle.close();
      svc.left(gw, client);
    },
  };
}
