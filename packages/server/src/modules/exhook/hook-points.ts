// Where the broker's hook points reach the ExHook servers (emqx_exhook_handler.erl), with EMQX's request shapes.
// - Notifications (answers ignored): client.connect/connack/connected/disconnected, session.*, message.delivered/acked/
//   dropped from broker.events; client.subscribe/unsubscribe through a chained hook that keeps the filter.
// - message.publish (a chained hook after delayed publish, as EMQX's HP_EXHOOK is below HP_DELAY_PUB): the servers
//   may rewrite topic, payload and QoS, or set the header allow_publish=false to stop the message.
// - client.authenticate and client.authorize: EMQX calls the ExHook after the authenticator chain and the
//   authorization sources, only when they did not decide (no authenticator enabled; no source matched). The broker
//   offers no chained hook for these two, so the node's authn/authz services' decision methods are wrapped here
//   (the decision they made stands unless it was undecided). An authorization the servers decide is cached as the
//   final result, as EMQX caches it.
// - client.connect: a notification when the CONNECT arrives, before any check (the broker's client.connect event).
// $SYS messages are never sent to the servers, as EMQX.
import type { FastifyInstance } from 'fastify';
import type { AuthnRequest, AuthnResult, AuthzRequest, ClientIdentity, ClientInfo, ConnackInfo, PublishMessage } from '@mqdeck/broker';
import type { ExhookService, Hookpoint } from './exhook.service';

const NOT_AUTHORIZED = 0x87;
const RC_NAMES: Record<number, string> = {
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

export function wireHookPoints(app: FastifyInstance, svc: ExhookService): () => void {
  const node = app.nodeName;
  const on = (hook: Hookpoint) => svc.isActive(hook);

  const clientinfo = (c: Pick<ClientIdentity, 'clientid' | 'username' | 'peerhost'> & Partial<ClientIdentity>, extra: Partial<ClientInfo> = {}) => {
    const live = extra.port !== undefined ? extra : (app.broker.client(c.clientid) ?? {});
    return {
      node,
      clientid: c.clientid,
      username: c.username ?? '',
      password: '',
      peerhost: c.peerhost,
      sockport: live.sockport ?? 0,
      protocol: 'mqtt',
      mountpoint: c.mountpoint ?? live.mountpoint ?? '',
      is_superuser: c.isSuperuser ?? live.isSuperuser ?? false,
      anonymous: !c.username,
      cn: '',
      dn: '',
      peerport: live.port ?? 0,
    };
  };
  const fromInfo = (c: ClientInfo) => clientinfo({ ...c, peerhost: c.ipAddress, mountpoint: c.mountpoint ?? '' }, c);
  const message = (m: PublishMessage) => ({
    node,
    id: m.id,
    qos: m.qos,
    from: m.fromClientid ?? 'undefined',
    topic: m.topic,
    payload: m.payload,
    timestamp: String(m.timestamp),
    headers: { ...(m.fromUsername ? { username: m.fromUsername } : {}), protocol: 'mqtt' },
  });
  const sys = (topic: string) => topic.startsWith('$SYS/');

  const conninfo = (i: Omit<ConnackInfo, 'reasonCode'>) => ({
    node,
    clientid: i.clientid,
    username: i.username ?? '',
    peerhost: i.peerhost,
    sockport: i.sockport ?? 0,
    proto_name: i.protoName ?? 'MQTT',
    proto_ver: String(i.protoVer ?? ''),
    keepalive: i.keepalive ?? 0,
    peerport: i.peerport ?? 0,
  });

  // ---- notifications from broker events
  const ev = app.broker.events;
  const handlers: [string, (...args: never[]) => void][] = [
    ['client.connect', (i: Omit<ConnackInfo, 'reasonCode'>) => on('client.connect') && svc.cast('client.connect', { conninfo: conninfo(i), props: [] }, i.clientid)],
    [
      'client.connack',
      (i: ConnackInfo) =>
        on('client.connack') && svc.cast('client.connack', { conninfo: conninfo(i), result_code: RC_NAMES[i.reasonCode] ?? String(i.reasonCode), props: [] }, i.clientid),
    ],
    ['client.connected', (c: ClientInfo) => on('client.connected') && svc.cast('client.connected', { clientinfo: fromInfo(c) }, c.clientid)],
    ['client.disconnected', (c: ClientInfo, reason: string) => on('client.disconnected') && svc.cast('client.disconnected', { clientinfo: fromInfo(c), reason }, c.clientid)],
    ...(['session.created', 'session.resumed', 'session.takenover', 'session.discarded'] as const).map((hook): [string, (...args: never[]) => void] => [
      hook,
      (clientid: string) => {
        if (!on(hook)) return;
        const c = app.broker.client(clientid);
        svc.cast(hook, { clientinfo: c ? fromInfo(c) : clientinfo({ clientid, username: null, peerhost: '' }) }, clientid);
      },
    ]),
    [
      'session.terminated',
      (clientid: string, reason: string) => {
        if (!on('session.terminated')) return;
        const c = app.broker.client(clientid);
        svc.cast('session.terminated', { clientinfo: c ? fromInfo(c) : clientinfo({ clientid, username: null, peerhost: '' }), reason }, clientid);
      },
    ],
    [
      'session.subscribed',
      (c: ClientIdentity, sub: { topic: string; qos: number; rh: number; rap: number; nl: number }) =>
        on('session.subscribed') &&
        svc.cast('session.subscribed', { clientinfo: clientinfo(c), topic: sub.topic, subopts: { qos: sub.qos, rh: sub.rh, rap: sub.rap, nl: sub.nl } }, c.clientid),
    ],
    [
      'session.unsubscribed',
      (c: ClientIdentity, sub: { topic: string }) => on('session.unsubscribed') && svc.cast('session.unsubscribed', { clientinfo: clientinfo(c), topic: sub.topic }, c.clientid),
    ],
    [
      'message.delivered',
      (c: ClientIdentity, m: PublishMessage) =>
        on('message.delivered') && !sys(m.topic) && svc.cast('message.delivered', { clientinfo: clientinfo(c), message: message(m) }, c.clientid, m.topic),
    ],
    [
      'message.acked',
      (c: ClientIdentity, m: PublishMessage) =>
        on('message.acked') && !sys(m.topic) && svc.cast('message.acked', { clientinfo: clientinfo(c), message: message(m) }, c.clientid, m.topic),
    ],
    [
      'message.dropped',
      (m: PublishMessage, reason: string) => on('message.dropped') && !sys(m.topic) && svc.cast('message.dropped', { message: message(m), reason }, m.fromClientid ?? '', m.topic),
    ],
  ];
  const emitter = ev as unknown as { on(e: string, f: (...a: never[]) => void): void; off(e: string, f: (...a: never[]) => void): void };
  for (const [e, f] of handlers) emitter.on(e, f);

  // ---- chained broker hooks: subscribe/unsubscribe (notifications) and message.publish (may rewrite or stop)
  const filters = (f: string, opts?: { qos: number; rh: number; rap: number; nl: number }) => [
    { name: f, subopts: opts ? { qos: opts.qos, rh: opts.rh, rap: opts.rap, nl: opts.nl } : { qos: 0, rh: 0, rap: 0, nl: 0 } },
  ];
  const removeHooks = app.broker.addHooks(
    {
      subscribe: (c, f, opts) => {
        if (on('client.subscribe')) svc.cast('client.subscribe', { clientinfo: clientinfo(c), props: [], topic_filters: filters(f, opts) }, c.clientid);
        return f;
      },
      unsubscribe: (c, f) => {
        if (on('client.unsubscribe')) svc.cast('client.unsubscribe', { clientinfo: clientinfo(c), props: [], topic_filters: filters(f) }, c.clientid);
        return f;
      },
      messagePublish: (m) => (!sys(m.topic) && svc.wants('message.publish', m.topic) ? publish(m) : m),
    },
    -200,
  );
  const publish = async (m: PublishMessage): Promise<PublishMessage | null> => {
    const r = await svc.fold(
      'message.publish',
      { message: message(m) },
      m.fromClientid ?? '',
      'message',
      (res) => (res.value === 'message' ? res.message : undefined),
      undefined,
      m.topic,
    );
    if (!r?.value) return m;
    const out = r.value;
    if (out.headers?.allow_publish === 'false') return null;
    const qos = out.qos === 0 || out.qos === 1 || out.qos === 2 ? out.qos : m.qos;
    return { ...m, topic: out.topic || m.topic, payload: Buffer.from(out.payload ?? m.payload), qos };
  };

  // ---- client.authenticate / client.authorize: asked when the node's own chain did not decide
  const authn = app.authn as { authenticate(req: AuthnRequest): Promise<AuthnResult> };
  const originalAuthn = authn.authenticate.bind(authn);
  authn.authenticate = async (req) => {
    const result = await originalAuthn(req);
    if (!on('client.authenticate') || result.result !== 'allow' || result.anonymous !== true) return result;
    const who = { clientid: req.clientid, username: req.username, peerhost: req.peerhost };
    const r = await svc.fold(
      'client.authenticate',
      { clientinfo: { ...clientinfo(who), password: req.password?.toString('utf8') ?? '' }, result: true },
      req.clientid,
      'result',
      (res) => (res.value === 'bool_result' ? res.bool_result : undefined),
      false,
    );
    if (r === undefined) return result;
    return r.value ? { result: 'allow', anonymous: false } : { result: 'deny', reasonCode: NOT_AUTHORIZED };
  };
  const authz = app.authz;
  const originalAuthz = authz.authorize.bind(authz);
  authz.authorize = async (req: AuthzRequest) => {
    const v = await originalAuthz(req);
    if (!on('client.authorize') || v.source !== 'default') return v;
    const topic = req.topic.replace(/^\$share\/[^/]+\//, '').replace(/^\$queue\//, '');
    const r = await svc.fold(
      'client.authorize',
      { clientinfo: clientinfo(req.client), type: req.action === 'publish' ? 'PUBLISH' : 'SUBSCRIBE', topic, result: v.result === 'allow' },
      req.client.clientid,
      'result',
      (res) => (res.value === 'bool_result' ? res.bool_result : undefined),
      false,
    );
    if (r === undefined) return v;
    const result = r.value ? 'allow' : 'deny';
    if (authz.cache.usable(req.topic)) authz.cache.put(req.client.clientid, req.action, req.topic, req.qos, req.retain ?? false, result);
    return { result, source: 'exhook' };
  };

  return () => {
    for (const [e, f] of handlers) emitter.off(e, f);
    removeHooks();
    authn.authenticate = originalAuthn;
    authz.authorize = originalAuthz;
  };
}
