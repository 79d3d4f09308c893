/**
 * The STOMP gateway (emqx_gateway_stomp): TCP and SSL listeners, EMQX's default listener tcp 61613, the frame
 * limits of gateway.stomp.frame.
 */
import net from 'node:net';
import tls from 'node:tls';
import type { GatewayContext, GatewayListenerConfig, GatewayProtocol, RunningGatewayListener } from '../protocol';
import { DEFAULT_FRAME_LIMITS } from './frame';
import { StompConnection } from './connection';

function validate(config: Record<string, unknown>): string | undefined {
  const frame = config.frame;
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) return 'frame must be an object with max_headers, max_headers_length, max_body_length';
  for (const [k, v] of Object.entries(frame)) {
    if (!(k in DEFAULT_FRAME_LIMITS)) return `Unknown field in frame: ${k}`;
    if (!Number.isInteger(v) || (v as number) < 0) return `frame.${k} must be a whole number of 0 or more`;
  }
  return undefined;
}

async function startListener(ctx: GatewayContext, listener: GatewayListenerConfig): Promise<RunningGatewayListener> {
  const conns = new Set<StompConnection>();
  const sockets = new Set<net.Socket>();
  const onSocket = (socket: net.Socket) => {
    const peer = socket.remoteAddress?.replace(/^::ffff:/, '') ?? '';
    if (sockets.size >= listener.max_connections || !ctx.admit(listener.id, peer)) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const conn = new StompConnection(ctx, listener, socket, () => conns.delete(conn));
    conns.add(conn);
  };
  let server: net.Server;
  if (listener.type === 'ssl') {
    const material = await ctx.tls(listener);
    const ssl = (listener.raw.ssl_options ?? {}) as Record<string, unknown>;
    const verify = ssl.verify === 'verify_peer';
    server = tls.createServer(
      { cert: material.cert, key: material.key, ca: material.ca, requestCert: verify, rejectUnauthorized: verify && ssl.fail_if_no_peer_cert === true },
      onSocket,
    );
    server.on('tlsClientError', () => undefined);
  } else {
    server = net.createServer(onSocket);
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listener.port, listener.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => ctx.log.error({ listener: listener.id, err }, 'stomp listener error'));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : listener.port,
    connections: () => conns.size,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}

export const stomp: GatewayProtocol = {
  name: 'stomp',
  listenerTypes: ['tcp', 'ssl'],
  description: 'The STOMP protocol gateway: STOMP 1.0, 1.1 and 1.2 clients publish and subscribe to MQTT topics.',
  defaults: () => ({ frame: { ...DEFAULT_FRAME_LIMITS } }),
  validate,
  defaultListeners: () => [{ type: 'tcp', name: 'default', bind: '0.0.0.0:61613' }],
  startListener,
};
