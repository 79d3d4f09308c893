import type { IPubackPacket, IPubcompPacket, IPubrecPacket, IPubrelPacket } from 'mqtt-packet';
import type { Connection } from '../connection/connection';
import { C } from '../metrics';

// Outgoing QoS 1: PUBLISH → PUBACK. Outgoing QoS 2: PUBLISH → PUBREC → PUBREL → PUBCOMP.
// Incoming QoS 2: PUBLISH → PUBREC (already routed) → PUBREL → PUBCOMP.

export function handlePuback(conn: Connection, packet: IPubackPacket): void {
  const c = conn.core.counters;
  c.add(C['packets.puback.received']);
  const entry = conn.session?.complete(packet.messageId ?? 0, 1);
  if (!entry) c.add(C['packets.puback.missed']);
}

export function handlePubrec(conn: Connection, packet: IPubrecPacket): void {
  const c = conn.core.counters;
  c.incr('packets.pubrec.received');
  const id = packet.messageId ?? 0;
  const session = conn.session!;
  if ((packet.reasonCode ?? 0) >= 0x80) {
    // [MQTT-4.3.3-?] an error PUBREC ends the exchange: no PUBREL
    session.refused(id);
    return;
  }
  const entry = session.received(id);
  if (!entry) {
    const known = session.inflight.get(id);
    c.incr(known ? 'packets.pubrec.inuse' : 'packets.pubrec.missed');
    if (conn.protoVer === 5 && !known) {
      conn.send({ cmd: 'pubrel', messageId: id, reasonCode: 0x92 }); // packet identifier not found
      return;
    }
  }
  conn.send({ cmd: 'pubrel', messageId: id }); // [MQTT-4.3.3-4]
}

export function handlePubrel(conn: Connection, packet: IPubrelPacket): void {
  const c = conn.core.counters;
  c.incr('packets.pubrel.received');
  const id = packet.messageId ?? 0;
  const session = conn.session!;
  if (!session.release(id)) {
    c.incr('packets.pubrel.missed');
    conn.send(conn.protoVer === 5 ? { cmd: 'pubcomp', messageId: id, reasonCode: 0x92 } : { cmd: 'pubcomp', messageId: id });
    return;
  }
  conn.send({ cmd: 'pubcomp', messageId: id }); // [MQTT-4.3.3-11]
}

export function handlePubcomp(conn: Connection, packet: IPubcompPacket): void {
  const c = conn.core.counters;
  c.incr('packets.pubcomp.received');
  const id = packet.messageId ?? 0;
  const entry = conn.session?.complete(id, 2);
  if (!entry) c.incr(conn.session?.inflight.has(id) ? 'packets.pubcomp.inuse' : 'packets.pubcomp.missed');
}
