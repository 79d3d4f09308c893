/** What a connection gets from its listener, and the protocol's timers. */
import type { GatewayClientInfo, GatewayContext } from '../protocol';
import type { MqttsnConfig } from './config';

export interface SnTimings {
  /** Wait for a REGACK before sending REGISTER again (EMQX: 5 s, at most 3 retries). */
  registerRetryMs: number;
  /** Resend an unacknowledged QoS 1/2 PUBLISH to the client (EMQX's session retry_interval). */
  retryIntervalMs: number;
  /** A client is lost when nothing arrives for keepalive (or sleep duration) × this factor. */
  keepaliveBackoff: number;
  /** A peer that has not finished CONNECT within this time is forgotten (EMQX's idle_timeout). */
  idleTimeoutMs: number;
  /** Messages kept for a sleeping client; the oldest is dropped beyond it. */
  maxBuffered: number;
}

export const DEFAULT_TIMINGS: SnTimings = { registerRetryMs: 5000, retryIntervalMs: 30_000, keepaliveBackoff: 1.5, idleTimeoutMs: 30_000, maxBuffered: 1000 };

export interface Peer {
  address: string;
  port: number;
}

export interface ConnEnv {
  ctx: GatewayContext;
  cfg: () => MqttsnConfig;
  listenerId: string;
  /** The listener's mountpoint, or the gateway's when the listener has none (the core applies it). */
  mountpoint: string | undefined;
  timings: SnTimings;
  send(buf: Buffer, peer: Peer): void;
  closed(conn: { peer: Peer }): void;
}

/** Fill EMQX's `${clientid}`-style placeholders of clientinfo_override (ConnInfo./ClientInfo. prefixes allowed). */
export function fillPlaceholders(template: string, vars: Record<string, string | undefined>): string {
  return template.replace(/\$\{([A-Za-z.]+)\}/g, (all, key: string) => {
    const k = key.replace(/^(ConnInfo|ClientInfo)\./, '');
    return vars[k] ?? all;
  });
}

/** The credentials a client authenticates with: MQTT-SN carries none, so clientinfo_override supplies them. */
export function credentials(env: ConnEnv, clientid: string, peerhost: string): { clientid: string; username?: string; password?: string } {
  const o = env.cfg().clientinfo_override ?? {};
  const vars = { clientid, peerhost };
  const id = o.clientid ? fillPlaceholders(o.clientid, vars) : clientid;
  return {
    clientid: id,
    username: o.username ? fillPlaceholders(o.username, { ...vars, clientid: id }) : undefined,
    password: o.password ? fillPlaceholders(o.password, { ...vars, clientid: id }) : undefined,
  };
}

/** Who the client is, for the core's client list. */
export function clientInfo(env: ConnEnv, peer: Peer, c: { clientid: string; username?: string; keepalive: number; cleanStart: boolean; isSuperuser: boolean }): GatewayClientInfo {
  return { ...c, peerhost: peer.address, peerport: peer.port, listenerId: env.listenerId, mountpoint: env.mountpoint, protoName: 'MQTT-SN', protoVer: '1.2' };
}
