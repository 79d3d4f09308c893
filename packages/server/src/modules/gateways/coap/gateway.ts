/**
 * The CoAP gateway (EMQX apps/emqx_gateway_coap, 5.8): config defaults and checks of emqx_coap_schema, and the UDP
 * and DTLS listeners that keep one channel per peer address. DTLS is this repository's own DTLS 1.2 server
 * (../dtls/): no maintained pure-JavaScript DTLS server exists for Node.
 */
import { once } from 'node:events';
import { isIP } from 'node:net';
import { parseDuration } from '../../../config/units';
import type { GatewayContext, GatewayListenerConfig, GatewayProtocol, RunningGatewayListener } from '../protocol';
import { CoapChannel, type CoapHost, type CoapSettings, type QosType } from './channel';
import { CoapEndpoint, peerKey, type Peer } from './endpoint';
import { gatewaySocket } from '../dtls/socket';
import { Block1Assembler, blockwiseDefaults, blockwiseSettings, echoBlock1, validateBlockwise } from './blockwise';

const NOTIFY_TYPES = ['non', 'con', 'qos'] as const;
const QOS_TYPES = ['qos0', 'qos1', 'qos2', 'coap'] as const;

/** EMQX's duration_s: a bare number is seconds, otherwise a duration string ('30s', '1m'). */
export function durationSeconds(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? Math.floor(v) : undefined;
  if (typeof v === 'string' && /^\s*\d+\s*$/.test(v)) return Number(v);
  const ms = parseDuration(v);
  return typeof ms === 'number' ? Math.floor(ms / 1000) : undefined;
}

export function coapSettings(config: Record<string, unknown>): CoapSettings {
  const notify = config.notify_type as string;
  const sub = config.subscribe_qos as string;
  const pub = config.publish_qos as string;
  return {
    heartbeatS: durationSeconds(config.heartbeat) ?? 30,
    connectionRequired: config.connection_required === true,
    notifyType: (NOTIFY_TYPES as readonly string[]).includes(notify) ? (notify as CoapSettings['notifyType']) : 'qos',
    subscribeQos: (QOS_TYPES as readonly string[]).includes(sub) ? (sub as QosType) : 'coap',
    publishQos: (QOS_TYPES as readonly string[]).includes(pub) ? (pub as QosType) : 'coap',
    mountpoint: typeof config.mountpoint === 'string' ? config.mountpoint : '',
    blockwise: blockwiseSettings(config.blockwise),
  };
}

export const coapProtocol: GatewayProtocol = {
  name: 'coap',
  listenerTypes: ['udp', 'dtls'],
  description: 'CoAP Gateway',
  defaults: () => ({
    heartbeat: '30s',
    connection_required: false,
    notify_type: 'qos',
    subscribe_qos: 'coap',
    publish_qos: 'coap',
    blockwise: blockwiseDefaults(),
    mountpoint: '',
  }),
  validate(config) {
    if (durationSeconds(config.heartbeat) === undefined) return 'heartbeat must be a duration such as 30s.';
    if (typeof config.connection_required !== 'boolean') return 'connection_required must be true or false.';
    if (!(NOTIFY_TYPES as readonly unknown[]).includes(config.notify_type)) return 'notify_type must be one of non, con, qos.';
    if (!(QOS_TYPES as readonly unknown[]).includes(config.subscribe_qos)) return 'subscribe_qos must be one of qos0, qos1, qos2, coap.';
    if (!(QOS_TYPES as readonly unknown[]).includes(config.publish_qos)) return 'publish_qos must be one of qos0, qos1, qos2, coap.';
    return validateBlockwise(config.blockwise);
  },
  startListener: (ctx, listener) => startCoapListener(ctx, listener),
};

export async function startCoapListener(ctx: GatewayContext, listener: GatewayListenerConfig): Promise<RunningGatewayListener> {
  const host = listener.host || '0.0.0.0';
  const socket = await gatewaySocket(ctx, listener, isIP(host) === 6 ? 'udp6' : 'udp4');
  const channels = new Map<string, CoapChannel>();
  const settings = (): CoapSettings => coapSettings(ctx.config());
  const block1 = new Block1Assembler(() => settings().blockwise);

  const closeClient = (clientid: string, except: CoapChannel): void => {
    for (const ch of [...channels.values()]) if (ch !== except && ch.clientid === clientid) ch.close('normal');
  };
  const onClosed = (ch: CoapChannel): void => {
    if (channels.get(peerKey(ch.peer)) === ch) channels.delete(peerKey(ch.peer));
  };

  const endpoint: CoapEndpoint = new CoapEndpoint(socket, {
    onDatagram: (peer, bytes) => {
      const ch = channels.get(peerKey(peer));
      if (ch) {
        ch.touch();
        ch.count('in', bytes);
      }
    },
    onSent: (peer, bytes) => channels.get(peerKey(peer))?.count('out', bytes),
    onRequest: (peer, req) => {
      const ch = channelFor(peer);
      if (!ch) return undefined;
      ch.touch();
      // a PUT/POST in Block1 blocks: 2.31 per block, the whole request once the last one is in (RFC 7959 §2.3)
      const r = block1.take(peerKey(peer), req);
      if ('answer' in r) return r.answer;
      return r.block1 ? ch.handle(r.req).then((a) => echoBlock1(a, r.block1)) : ch.handle(r.req);
    },
    onReset: (peer, token) => channels.get(peerKey(peer))?.onReset(token),
    onDecodeError: (peer, err) => ctx.log.debug({ peer: peerKey(peer), err: err.message }, 'coap: undecodable datagram dropped'),
  });
  const hostInfo: CoapHost = { ctx, listener, settings, endpoint };

  function channelFor(peer: Peer): CoapChannel | undefined {
    const key = peerKey(peer);
    const existing = channels.get(key);
    if (existing) return existing;
    if (listener.max_connections > 0 && channels.size >= listener.max_connections) {
      ctx.log.warn({ peer: key, listener: listener.id }, 'coap: max_connections reached, datagram dropped');
      return undefined;
    }
    // the listener's access_rules and max_conn_rate, checked once per new peer as at a TCP accept
    if (!ctx.admit(listener.id, peer.address)) {
      ctx.log.debug({ peer: key, listener: listener.id }, 'coap: peer refused by access_rules or max_conn_rate, datagram dropped');
      return undefined;
    }
    const ch = new CoapChannel({ ...peer }, hostInfo, onClosed, closeClient);
    channels.set(key, ch);
    return ch;
  }

  socket.bind(listener.port, host);
  await Promise.race([
    once(socket, 'listening'),
    once(socket, 'error').then(([e]) => {
      const err = e as NodeJS.ErrnoException;
      throw new Error(
        err.code === 'EADDRINUSE' ? `The UDP port ${listener.port} is already in use.` : `The UDP listener on ${host}:${listener.port} could not start: ${err.message}`,
      );
    }),
  ]);
  socket.on('error', (e) => ctx.log.error({ listener: listener.id, err: e.message }, 'coap: socket error'));
  const port = socket.address().port;
  ctx.log.info({ listener: listener.id, port }, 'coap: listener started');

  return {
    port,
    connections: () => channels.size,
    async close() {
      for (const ch of [...channels.values()]) ch.close('listener_stopped');
      channels.clear();
      endpoint.close();
      await new Promise<void>((resolve) => socket.close(() => resolve()));
    },
  };
}
