/**
 * The LwM2M gateway (EMQX 5.8 apps/emqx_gateway_lwm2m): LwM2M 1.0.2 devices over CoAP on UDP listeners, one session
 * per peer address (session.ts), the object definitions of xml_dir loaded when a listener starts. UDP and DTLS
 * listeners (DTLS 1.2 from ../dtls/, as for CoAP and MQTT-SN).
 */
import { once } from 'node:events';
import { isIP } from 'node:net';
import type { GatewayContext, GatewayListenerConfig, GatewayProtocol, RunningGatewayListener } from '../protocol';
import { CoapEndpoint, peerKey, type Peer } from '../coap/endpoint';
import { gatewaySocket } from '../dtls/socket';
import { CODE, reply, type CoapMessage } from '../coap/message';
import { lwm2mDefaults, lwm2mSettings, validateLwm2m } from './config';
import { Block1Assembler, echoBlock1 } from '../coap/blockwise';
import { loadObjectDefs } from './objects';
import { Lwm2mSession, type Lwm2mHost } from './session';
import { rawPath } from './registration';

export const lwm2mProtocol: GatewayProtocol = {
  name: 'lwm2m',
  listenerTypes: ['udp', 'dtls'],
  description: 'LwM2M Gateway',
  defaults: () => lwm2mDefaults(),
  validate: (config) => validateLwm2m(config),
  startListener: (ctx, listener) => startLwm2mListener(ctx, listener),
  // the listener EMQX's dashboard proposes for LwM2M (udp 5783)
  defaultListeners: () => [{ type: 'udp', name: 'default', bind: '5783', max_connections: 1024000, max_conn_rate: 1000 }],
};

export async function startLwm2mListener(ctx: GatewayContext, listener: GatewayListenerConfig): Promise<RunningGatewayListener> {
  const settings = () => lwm2mSettings(ctx.config());
  const defs = await loadObjectDefs(settings().xmlDir);
  const host = listener.host || '0.0.0.0';
  const socket = await gatewaySocket(ctx, listener, isIP(host) === 6 ? 'udp6' : 'udp4');
  const sessions = new Map<string, Lwm2mSession>();
  const block1 = new Block1Assembler(() => settings().blockwise);
  const onClosed = (s: Lwm2mSession): void => {
    if (sessions.get(peerKey(s.peer)) === s) sessions.delete(peerKey(s.peer));
  };

  const endpoint: CoapEndpoint = new CoapEndpoint(socket, {
    onDatagram: (peer, bytes) => {
      const s = sessions.get(peerKey(peer));
      if (s) {
        s.touch();
        s.count('in', bytes);
      }
    },
    onSent: (peer, bytes) => sessions.get(peerKey(peer))?.count('out', bytes),
    onRequest: (peer, req0) => {
      // a registration or update in Block1 blocks (a long object list): 2.31 per block, then the whole request
      const r = block1.take(peerKey(peer), req0);
      if ('answer' in r) return r.answer;
      const req = r.req;
      const s = sessionFor(peer, req);
      if (s === 'drop') return undefined;
      if (!s) return echoBlock1(reply(req, CODE.not_found), r.block1);
      return r.block1 ? s.handle(req).then((a) => echoBlock1(a, r.block1)) : s.handle(req);
    },
    onResponse: (peer, msg) => sessions.get(peerKey(peer))?.onResponse(msg) ?? false,
    onDecodeError: (peer, err) => ctx.log.debug({ peer: peerKey(peer), err: err.message }, 'lwm2m: undecodable datagram dropped'),
  });
  const hostInfo: Lwm2mHost = { ctx, listener, settings, endpoint, defs };

  /** the peer's session; a new one only for a registration (POST /rd), undefined (4.04) for anything else */
  function sessionFor(peer: Peer, req: CoapMessage): Lwm2mSession | undefined | 'drop' {
    const key = peerKey(peer);
    const existing = sessions.get(key);
    if (existing) return existing;
    const path = rawPath(req);
    if (!(req.code === CODE.POST && path.length === 1 && path[0] === 'rd')) return undefined;
    if (listener.max_connections > 0 && sessions.size >= listener.max_connections) {
      ctx.log.warn({ peer: key, listener: listener.id }, 'lwm2m: max_connections reached, registration dropped');
      return 'drop';
    }
    if (!ctx.admit(listener.id, peer.address)) {
      ctx.log.debug({ peer: key, listener: listener.id }, 'lwm2m: peer refused by access_rules or max_conn_rate');
      return 'drop';
    }
    const s = new Lwm2mSession({ ...peer }, hostInfo, onClosed);
    sessions.set(key, s);
    return s;
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
  socket.on('error', (e) => ctx.log.error({ listener: listener.id, err: e.message }, 'lwm2m: socket error'));
  const port = socket.address().port;
  ctx.log.info({ listener: listener.id, port, objects: defs.ids().length }, 'lwm2m: listener started');

  return {
    port,
    connections: () => [...sessions.values()].filter((s) => s.registered).length,
    async close() {
      for (const s of [...sessions.values()]) s.close('listener_stopped');
      sessions.clear();
      endpoint.close();
      await new Promise<void>((resolve) => socket.close(() => resolve()));
    },
  };
}
