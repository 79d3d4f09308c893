import type { ClientInfo } from './types';
import type { BrokerCore } from './core';
import type { Session } from './session/session';
import type { Connection } from './connection/connection';
import { newClientStats } from './metrics';

/** The management view of one session and its (current or last) connection. */
export function clientInfo(core: Pick<BrokerCore, 'nodeName'>, session: Session, connOverride?: Connection): ClientInfo {
  const conn = connOverride ?? session.conn ?? session.lastConn;
  const s = session.core.settings; // its zone's
  const connected = !connOverride && !!session.conn?.isConnected;
  const info = conn?.info;
  return {
    clientid: session.clientid,
    username: conn?.username ?? session.identity.username,
    node: core.nodeName,
    ipAddress: info?.peerhost ?? session.identity.peerhost,
    port: info?.peerport ?? 0,
    sockport: info?.sockport ?? 0,
    listener: info?.listener ?? session.identity.listener,
    protoName: conn?.protoName ?? 'MQTT',
    protoVer: conn?.protoVer ?? session.identity.protoVer,
    cleanStart: conn?.cleanStart ?? true,
    keepalive: conn?.keepalive ?? 0,
    expiryInterval: session.expiryInterval,
    connected,
    connState: connected ? 'connected' : 'disconnected',
    connectedAt: conn?.connectedAt ?? session.createdAt,
    createdAt: session.createdAt,
    disconnectedAt: connected ? undefined : (session.disconnectedAt ?? Date.now()),
    isBridge: false,
    isSsl: info?.isSsl ?? false,
    isSuperuser: session.identity.isSuperuser,
    mountpoint: session.identity.mountpoint || null,
    clientAttrs: session.identity.clientAttrs,
    enableAuthn: info?.enableAuthn ?? true,
    subscriptionsCnt: session.subs.size,
    subscriptionsMax: s.maxSubscriptions,
    inflightCnt: session.inflight.size,
    inflightMax: conn ? Math.min(s.maxInflight, conn.clientReceiveMax) : s.maxInflight,
    // a durable session's stored backlog counts as queued: it is what the client gets when it is back
    mqueueLen: session.mqueue.size + session.backlog,
    mqueueMax: session.mqueueMax,
    mqueueDropped: session.mqueue.dropped,
    awaitingRelCnt: session.awaitingRel.size,
    awaitingRelMax: s.maxAwaitingRel,
    stats: conn ? conn.stats : newClientStats(),
    mailboxLen: conn ? conn.stream.writableLength : 0,
    durable: session.durable !== null && session.expiryInterval > 0,
  };
}
