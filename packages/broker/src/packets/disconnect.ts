import type { IDisconnectPacket } from 'mqtt-packet';
import type { Connection } from '../connection/connection';

export function handleDisconnect(conn: Connection, packet: IDisconnectPacket): void {
  conn.core.counters.incr('packets.disconnect.received');
  const code = packet.reasonCode ?? 0;
  const expiry = packet.properties?.sessionExpiryInterval;
  const session = conn.session;
  if (conn.protoVer === 5 && expiry !== undefined && session) {
    // [MQTT-3.14.2-2] a session that was 0 at CONNECT cannot be given an expiry at DISCONNECT
    if (session.expiryInterval === 0 && expiry !== 0) {
      conn.close('protocol_error', 0x82);
      return;
    }
    session.expiryInterval = expiry;
  }
  // 0x04 = disconnect with will message; anything else from a clean DISCONNECT discards the will [MQTT-3.14.4-3]
  if (code !== 0x04 && conn.extras !== null) conn.extras.willCleared = true; // no will without extras
  conn.close(code === 0 ? 'normal' : 'disconnected', undefined);
}
