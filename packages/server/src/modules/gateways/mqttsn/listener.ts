/**
 * An MQTT-SN UDP or DTLS listener: one socket, one SnConnection per peer address, SEARCHGW answered for anyone, and
 * with `broadcast = true` on a UDP listener an ADVERTISE sent to the interfaces' broadcast addresses when it starts and
 * every 15 minutes (a DTLS listener has no plaintext broadcast: it advertises nothing).
 */
import { networkInterfaces } from 'node:os';
import { decode, encode, SnDecodeError } from './codec';
import type { MqttsnConfig } from './config';
import { durationMs } from './config';
import { SnConnection } from './connection';
import { DEFAULT_TIMINGS, type Peer, type SnTimings } from './env';
import { gatewaySocket } from '../dtls/socket';
import type { GatewayContext, GatewayListenerConfig, RunningGatewayListener } from '../protocol';

/** EMQX advertises every 15 minutes; the Duration field carries it in seconds. */
export const ADVERTISE_INTERVAL_S = 15 * 60;

export interface MqttsnListenerOptions {
  timings?: Partial<SnTimings>;
  /** where ADVERTISE goes; the interfaces' IPv4 broadcast addresses at the listener's port unless given */
  advertiseTargets?: (port: number) => Peer[];
  advertiseIntervalMs?: number;
}

export interface RunningMqttsnListener extends RunningGatewayListener {
  /** connections of this listener by peer, for tests and the benchmark */
  peers(): Map<string, SnConnection>;
}

function ipv4ToInt(a: string): number {
  return a.split('.').reduce((acc, p) => ((acc << 8) | Number(p)) >>> 0, 0);
}

function intToIpv4(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

export function broadcastAddresses(): string[] {
  const out = new Set<string>();
  for (const list of Object.values(networkInterfaces())) {
    for (const i of list ?? []) {
      if (i.family !== 'IPv4' || i.internal) continue;
      const addr = ipv4ToInt(i.address);
      const mask = ipv4ToInt(i.netmask);
      out.add(intToIpv4((addr | ~mask) >>> 0));
    }
  }
  return [...out].sort();
}

const key = (p: Peer) => `${p.address}:${p.port}`;

export async function startMqttsnListener(ctx: GatewayContext, listener: GatewayListenerConfig, opts: MqttsnListenerOptions = {}): Promise<RunningMqttsnListener> {
  const cfg = () => ctx.config() as unknown as MqttsnConfig;
  const timings: SnTimings = { ...DEFAULT_TIMINGS, idleTimeoutMs: durationMs(cfg().idle_timeout, DEFAULT_TIMINGS.idleTimeoutMs), ...opts.timings };
  const type = listener.host.includes(':') ? 'udp6' : 'udp4';
  const socket = await gatewaySocket(ctx, listener, type);
  const conns = new Map<string, SnConnection>();
  const mountpoint = listener.mountpoint || (typeof cfg().mountpoint === 'string' && cfg().mountpoint !== '' ? cfg().mountpoint : undefined);

  const send = (buf: Buffer, peer: Peer) => socket.send(buf, peer.port, peer.address, (err) => err && ctx.log.debug({ err }, 'mqttsn: send failed'));
  const env = {
    ctx,
    cfg,
    listenerId: listener.id,
    mountpoint,
    timings,
    send,
    closed: (c: SnConnection) => {
      const k = key(c.peer);
      if (conns.get(k) === c) conns.delete(k);
    },
  };

  socket.on('message', (data, rinfo) => {
    const peer = { address: rinfo.address, port: rinfo.port };
    let msg;
    try {
      msg = decode(data);
    } catch (err) {
      if (err instanceof SnDecodeError) ctx.log.debug({ peer: key(peer), reason: err.message }, 'mqttsn: malformed datagram ignored');
      else ctx.log.warn({ err }, 'mqttsn: decoding failed');
      return;
    }
    let conn = conns.get(key(peer));
    if (!conn) {
      if (msg.type === 'SEARCHGW') {
        send(encode({ type: 'GWINFO', gwId: cfg().gateway_id, gwAdd: Buffer.alloc(0) }), peer);
        return;
      }
      if (msg.type === 'ADVERTISE' || msg.type === 'GWINFO') return;
      if (msg.type === 'PINGREQ' && msg.clientId) {
        // A sleeping client that comes back from another address/port (NAT rebinding) keeps its session.
        for (const [k, c] of conns) {
          if (c.clientId === msg.clientId && (c.state === 'asleep' || c.state === 'awake')) {
            conns.delete(k);
            c.rebind(peer);
            conns.set(key(peer), c);
            conn = c;
            break;
          }
        }
      }
      if (!conn) {
        if (!ctx.admit(listener.id, peer.address)) {
          ctx.log.debug({ peer: key(peer) }, 'mqttsn: peer refused by access_rules or max_conn_rate');
          return;
        }
        if (conns.size >= listener.max_connections) {
          ctx.log.warn({ peer: key(peer), max: listener.max_connections }, 'mqttsn: max_connections reached, datagram dropped');
          return;
        }
        conn = new SnConnection(env, peer);
        conns.set(key(peer), conn);
      }
    }
    conn.countIn(data.length);
    conn.receive(msg);
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      reject(new Error(err.code === 'EADDRINUSE' ? `UDP port ${listener.port} is already in use` : `cannot listen on ${listener.host}:${listener.port}: ${err.message}`));
    };
    socket.once('error', onError);
    socket.bind(listener.port, listener.host, () => {
      socket.off('error', onError);
      resolve();
    });
  });
  socket.on('error', (err) => ctx.log.warn({ err }, 'mqttsn: socket error'));
  const port = socket.address().port;

  let advertiseTimer: NodeJS.Timeout | undefined;
  if (cfg().broadcast && listener.type !== 'dtls') {
    const targets = opts.advertiseTargets ?? ((p: number) => broadcastAddresses().map((address) => ({ address, port: p })));
    socket.setBroadcast(true);
    const advertise = () => {
      const frame = encode({ type: 'ADVERTISE', gwId: cfg().gateway_id, duration: ADVERTISE_INTERVAL_S });
      for (const t of targets(port)) send(frame, t);
    };
    advertise();
    advertiseTimer = setInterval(advertise, opts.advertiseIntervalMs ?? ADVERTISE_INTERVAL_S * 1000);
    advertiseTimer.unref();
  }

  return {
    port,
    connections: () => conns.size,
    peers: () => conns,
    close: async () => {
      clearInterval(advertiseTimer);
      for (const c of [...conns.values()]) c.close('listener_stopped', true, false);
      conns.clear();
      await new Promise<void>((resolve) => socket.close(() => resolve()));
    },
  };
}
