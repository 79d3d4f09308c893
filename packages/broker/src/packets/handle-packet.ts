import type { Packet } from 'mqtt-packet';
import type { Connection } from '../connection/connection';
import { handleConnect } from './connect';
import { handleAuth } from './auth';
import { handlePublish } from './publish';
import { handlePuback, handlePubcomp, handlePubrec, handlePubrel } from './acks';
import { handleSubscribe } from './subscribe';
import { handleUnsubscribe } from './unsubscribe';
import { handlePingreq } from './pingreq';
import { handleDisconnect } from './disconnect';
import { validatePacket } from './validate';

/** One handler per control packet. Anything but CONNECT/AUTH before CONNACK is a protocol error [MQTT-3.1.0-1]. */
export function handlePacket(conn: Connection, packet: Packet): void | Promise<void> {
  const violation = validatePacket(conn.protoVer, packet);
  if (violation !== undefined) {
    if (packet.cmd === 'publish' || packet.cmd === 'subscribe' || packet.cmd === 'unsubscribe') conn.core.counters.incr(`packets.${packet.cmd}.error`);
    conn.close(violation.reason, violation.reasonCode);
    return;
  }
  if (packet.cmd === 'connect') return handleConnect(conn, packet);
  if (conn.state === 'authenticating' && packet.cmd === 'auth') return handleAuth(conn, packet);
  if (conn.state !== 'connected') {
    conn.close('protocol_error', 0x82);
    return;
  }
  switch (packet.cmd) {
    case 'publish':
      return handlePublish(conn, packet);
    case 'puback':
      return handlePuback(conn, packet);
    case 'pubrec':
      return handlePubrec(conn, packet);
    case 'pubrel':
      return handlePubrel(conn, packet);
    case 'pubcomp':
      return handlePubcomp(conn, packet);
    case 'subscribe':
      return handleSubscribe(conn, packet);
    case 'unsubscribe':
      return handleUnsubscribe(conn, packet);
    case 'pingreq':
      return handlePingreq(conn);
    case 'disconnect':
      return handleDisconnect(conn, packet);
    case 'auth':
      return handleAuth(conn, packet);
    default:
      // server-to-client packets (CONNACK, SUBACK ...) sent by a client
      conn.close('protocol_error', 0x82);
  }
}
