import type { IAuthPacket } from 'mqtt-packet';
import type { Connection } from '../connection/connection';
import { authenticate } from './connect';

/** MQTT 5 enhanced authentication: AUTH 0x18 continues, 0x19 re-authenticates (not supported here). */
export async function handleAuth(conn: Connection, packet: IAuthPacket): Promise<void> {
  const b = conn.core;
  b.counters.incr('packets.auth.received');
  const method = packet.properties?.authenticationMethod;
  const authMethod = conn.extras?.authMethod;
  if (conn.protoVer !== 5 || !authMethod || method !== authMethod) {
    // [MQTT-4.12.0-?] AUTH without a method agreed at CONNECT, or with another one, is a protocol error
    conn.close('protocol_error', 0x82);
    return;
  }
  if (conn.state === 'authenticating' && packet.reasonCode === 0x18) {
    await authenticate(conn, packet.properties?.authenticationData);
    return;
  }
  // re-authentication after CONNACK is not offered: refuse it clearly
  conn.close('bad_authentication_method', 0x8c);
}
