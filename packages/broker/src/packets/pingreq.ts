import type { Connection } from '../connection/connection';

export function handlePingreq(conn: Connection): void {
  conn.core.counters.incr('packets.pingreq.received');
  conn.send({ cmd: 'pingresp' }); // [MQTT-3.12.4-1]
}
