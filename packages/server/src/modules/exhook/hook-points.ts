// Where the broker's hook points (wired once in broker-hooks.ts) reach the ExHook servers (emqx_exhook_handler.erl),
// with EMQX's request shapes.
// - Notifications (answers ignored): client.connect/connack/connected/disconnected, session.*, message.delivered/
//   acked/dropped, and client.subscribe/unsubscribe (the filter is kept).
// - message.publish (a chained hook after delayed publish, as EMQX's HP_EXHOOK is below HP_DELAY_PUB): the servers
//   may rewrite topic, payload and QoS, or set the header allow_publish=false to stop the message.
// - client.authenticate and client.authorize: asked when the node's own chain did not decide (broker-hooks.ts).
// - client.connect: a notification when the CONNECT arrives, before any check (the broker's client.connect event).
import type { FastifyInstance } from 'fastify';
import type { ClientIdentity, ClientInfo, ConnackInfo, PublishMessage } from '@mqdeck/broker';
import type { ExhookService } from './exhook.service';
import { RC_NAMES, wireBrokerHooks, type Extension, type Hookpoint, type Notification, type Notifications } from './broker-hooks';

/** after delayed publish, before the plugins (-300) */
const EXHOOK_PRIORITY = -200;

export function wireHookPoints(app: FastifyInstance, svc: ExhookService): () => void {
  const node = app.nodeName;

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

  const session = (clientid: string) => {
    const c = app.broker.client(clientid);
    return c ? fromInfo(c) : clientinfo({ clientid, username: null, peerhost: '' });
  };
  // each notification as its ExHook request, with the key that picks the pool member and the topic for the filters
  const requests: { [H in Notification]: (...a: Notifications[H]) => [Record<string, unknown>, string, string?] } = {
    'client.connect': (i) => [{ conninfo: conninfo(i), props: [] }, i.clientid],
    'client.connack': (i) => [{ conninfo: conninfo(i), result_code: RC_NAMES[i.reasonCode] ?? String(i.reasonCode), props: [] }, i.clientid],
    'client.connected': (c) => [{ clientinfo: fromInfo(c) }, c.clientid],
    'client.disconnected': (c, reason) => [{ clientinfo: fromInfo(c), reason }, c.clientid],
    'session.created': (id) => [{ clientinfo: session(id) }, id],
    'session.resumed': (id) => [{ clientinfo: session(id) }, id],
    'session.takenover': (id) => [{ clientinfo: session(id) }, id],
    'session.discarded': (id) => [{ clientinfo: session(id) }, id],
    'session.terminated': (id, reason) => [{ clientinfo: session(id), reason }, id],
    'session.subscribed': (c, sub) => [{ clientinfo: clientinfo(c), topic: sub.topic, subopts: { qos: sub.qos, rh: sub.rh, rap: sub.rap, nl: sub.nl } }, c.clientid],
    'session.unsubscribed': (c, sub) => [{ clientinfo: clientinfo(c), topic: sub.topic }, c.clientid],
    'message.delivered': (c, m) => [{ clientinfo: clientinfo(c), message: message(m) }, c.clientid, m.topic],
    'message.acked': (c, m) => [{ clientinfo: clientinfo(c), message: message(m) }, c.clientid, m.topic],
    'message.dropped': (m, reason) => [{ message: message(m), reason }, m.fromClientid ?? '', m.topic],
  };
  const filters = (f: string, opts?: { qos: number; rh: number; rap: number; nl: number }) => [
    { name: f, subopts: opts ? { qos: opts.qos, rh: opts.rh, rap: opts.rap, nl: opts.nl } : { qos: 0, rh: 0, rap: 0, nl: 0 } },
  ];
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
  const boolResult = async (hook: Hookpoint, req: Record<string, unknown>, key: string) => {
    const r = await svc.fold(hook, req, key, 'result', (res) => (res.value === 'bool_result' ? res.bool_result : undefined), false);
    return r?.value;
  };

  const ext: Extension = {
    active: (hook) => svc.isActive(hook),
    watch: (changed) => svc.onActiveChange(changed),
    notify: (hook, ...args) => {
      const [req, key, topic] = (requests[hook] as (...a: unknown[]) => [Record<string, unknown>, string, string?])(...args);
      svc.cast(hook, req, key, topic);
    },
    subscribe: (c, f, opts) => {
      svc.cast('client.subscribe', { clientinfo: clientinfo(c), props: [], topic_filters: filters(f, opts) }, c.clientid);
      return f;
    },
    unsubscribe: (c, f) => svc.cast('client.unsubscribe', { clientinfo: clientinfo(c), props: [], topic_filters: filters(f) }, c.clientid),
    // the publish path stays synchronous unless a server wants this topic
    publish: (m) => (svc.wants('message.publish', m.topic) ? publish(m) : m),
    authenticate: (req) =>
      boolResult(
        'client.authenticate',
        { clientinfo: { ...clientinfo({ clientid: req.clientid, username: req.username, peerhost: req.peerhost }), password: req.password?.toString('utf8') ?? '' }, result: true },
        req.clientid,
      ),
    authorize: (req, topic, result) =>
      boolResult('client.authorize', { clientinfo: clientinfo(req.client), type: req.action === 'publish' ? 'PUBLISH' : 'SUBSCRIBE', topic, result }, req.client.clientid),
  };
  return wireBrokerHooks(app, ext, { priority: EXHOOK_PRIORITY, source: 'exhook' });
}
